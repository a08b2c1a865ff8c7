import { parentPort } from 'node:worker_threads';
import { extractPdfText } from './pdf-text';

/** Worker-thread entry: extracts text from the PDF bytes it is sent and answers with the result. */
parentPort?.on('message', async ({ id, data }: { id: number; data: Uint8Array }) => {
  try {
    parentPort?.postMessage({ id, result: await extractPdfText(data) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
