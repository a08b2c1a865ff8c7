import os from 'node:os';

/** The hardware and Node version a bench ran on, for its report. */
export function benchHardware() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
  };
}
