import type { TStoredContactMessage } from '@paperbench/contract';
import type { ContactMessageRow } from './contact.repo';

export const presentStoredMessage = (row: ContactMessageRow): TStoredContactMessage => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  mailed_at: row.mailedAt?.toISOString() ?? null,
  mail_error: row.mailError,
});
