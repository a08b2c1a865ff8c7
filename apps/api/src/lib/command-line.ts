import path from 'node:path';

/** A command line the command cannot run: its message is printed with the command's usage. */
export class UsageError extends Error {}

/** pnpm --filter runs a package's script in that package's folder; a relative path means the caller's directory. */
export const callerPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/**
 * Runs a command's main on its arguments. A failure prints its message alone, never a stack, and the usage when the
 * command line was wrong, then exits 1.
 */
export function runCommand(main: (argv: string[]) => Promise<void>, usage: string): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    if (error instanceof UsageError) console.error(usage);
    process.exit(1);
  });
}
