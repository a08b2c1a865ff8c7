/** Bytes as people read them: 0 B, 1.2 KB, 34 MB, 1.5 GB (powers of 1024, as the quota's limit is set). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** '29 Nov 2026, 11:40' in the viewer's time zone. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '1,234'. */
export const formatCount = (value: number) => value.toLocaleString('en-US');
