/**
 * Whether process `pid` of this host is alive. Signal 0 only asks; EPERM means it exists but belongs
 * to another user. Used to tell a dead holder's lock or claim from a live one.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
