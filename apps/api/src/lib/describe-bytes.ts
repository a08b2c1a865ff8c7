/**
 * A byte count as the refusals of uploads and quotas word it: 52428800 → '50 MB'; small test limits stay
 * in bytes.
 */
export const describeBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
