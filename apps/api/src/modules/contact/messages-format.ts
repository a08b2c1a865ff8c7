import type { TStoredContactMessage } from '@paperbench/contract';

const delivery = (m: TStoredContactMessage) =>
  m.mailed_at ? `mailed ${m.mailed_at}` : m.mail_error ? `not mailed: ${m.mail_error}` : 'stored only';

/** Stored contact messages as the operator reads them in a terminal, newest first. */
export function formatStoredMessages(messages: readonly TStoredContactMessage[]): string {
  if (messages.length === 0) return 'No contact messages.';
  return messages
    .map((m) => {
      const from = [m.name, m.email && `<${m.email}>`].filter(Boolean).join(' ') || 'anonymous';
      const body = m.message
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
      return `#${m.id}  ${m.created_at}  from ${from}  (${delivery(m)})\n  ${m.subject ?? '(no subject)'}\n${body}`;
    })
    .join('\n\n');
}
