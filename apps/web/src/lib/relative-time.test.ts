import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(10), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(50), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(14 * 24 * 3600), NOW)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), NOW)).toBe('last year');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
