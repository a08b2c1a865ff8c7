import { AppError } from '../../lib/app-error';
import type { FileStorage, StagedFile } from '../../storage/file-storage';
import { requirePdfMagic } from './pdf-magic';
import { isAllowedPdfUrl } from './pdf-url-policy';

/** Redirects followed per fetch (each hop re-checked against the allow-list). */
const MAX_REDIRECTS = 3;

export interface RemoteFetchOptions {
  origins: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

/** Every way a remote fetch fails is the remote's fault, not the caller's: 502 naming the cause. */
const badGateway = (url: URL, cause: string) =>
  new AppError('BAD_GATEWAY', `Could not fetch the PDF from ${url.origin}: ${cause}`);

function describeFailure(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): Error {
  if (error instanceof AppError) return error;
  if (signal.aborted) return badGateway(url, `no complete answer within ${timeoutMs} ms`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return badGateway(url, `connection failed (${detail})`);
}

/**
 * Fetches an allow-listed PDF into staged storage: one time limit for the whole exchange (headers
 * and body), a byte cap enforced while streaming (a lying or absent Content-Length cannot get past
 * it), the `%PDF-` check on the first bytes, and redirects followed by hand so every hop is checked.
 */
export async function fetchRemotePdf(
  start: URL,
  storage: FileStorage,
  options: RemoteFetchOptions,
): Promise<StagedFile> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = start;
  for (let hop = 0; ; hop++) {
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/pdf', 'user-agent': 'Paperbench PDF proxy' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw badGateway(url, `HTTP ${response.status} without a Location`);
        if (hop >= MAX_REDIRECTS) throw badGateway(url, `more than ${MAX_REDIRECTS} redirects`);
        const next = new URL(location, url);
        if (!isAllowedPdfUrl(next, options.origins)) {
          throw badGateway(url, `redirected to ${next.origin}, a host that is not allowed`);
        }
        url = next;
        continue;
      }
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        throw badGateway(url, `the server answered HTTP ${response.status}`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > options.maxBytes) {
        await response.body.cancel();
        throw badGateway(url, `the PDF is larger than ${options.maxBytes} bytes`);
      }
      const checked = requirePdfMagic(response.body, {
        empty: () => badGateway(url, 'the answer is empty'),
        notPdf: () => badGateway(url, 'the answer is not a PDF'),
      });
      return await storage.put(checked, {
        maxBytes: options.maxBytes,
        tooLarge: () => badGateway(url, `the PDF is larger than ${options.maxBytes} bytes`),
      });
    } catch (error) {
      throw describeFailure(error, url, signal, options.timeoutMs);
    }
  }
}
