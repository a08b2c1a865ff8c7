import { describe, expect, it } from 'vitest';
import { formatStoredMessages } from './messages-format';

describe('formatStoredMessages', () => {
  it('shows sender, delivery, subject and the message indented', () => {
    const text = formatStoredMessages([
      {
        id: 7,
        created_at: '2026-11-23T10:00:00.000Z',
        name: 'Ada',
        email: 'ada@example.org',
        subject: 'Export',
        message: 'line one\nline two',
        mailed_at: null,
        mail_error: null,
      },
    ]);
    expect(text).toBe(
      '#7  2026-11-23T10:00:00.000Z  from Ada <ada@example.org>  (stored only)\n  Export\n    line one\n    line two',
    );
    expect(formatStoredMessages([])).toBe('No contact messages.');
  });
});
