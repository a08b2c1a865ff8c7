/**
 * Everything the benchmark must undo (servers, scratch databases, temp folders), run in reverse order
 * at the end, on an error, and on Ctrl-C.
 */
type Cleanup = () => Promise<void> | void;

const cleanups: Cleanup[] = [];

/** Registers an undo step; the returned function runs it now (once) and unregisters it. */
export function onCleanup(step: Cleanup): () => Promise<void> {
  cleanups.push(step);
  return async () => {
    const index = cleanups.indexOf(step);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await step();
  };
}

/** Runs the pending undo steps, newest first; a failing step is reported and the rest still run. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop() as Cleanup;
    try {
      await step();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
