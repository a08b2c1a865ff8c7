import { isEmailAddress } from './email-address';

/** Limits of ZContactMessage (packages/contract), checked as the user types. */
export const CONTACT_LIMITS = { name: 200, subject: 300, message: 5000 } as const;

export type TContactDraft = { name: string; email: string; subject: string; message: string };
export type TContactErrors = Partial<Record<keyof TContactDraft, string>>;

/** The form's messages, keyed by field; empty when it may be sent. */
export function validateContactDraft(draft: TContactDraft): TContactErrors {
  const errors: TContactErrors = {};
  const message = draft.message.trim();
  if (!message) errors.message = 'Please write a message.';
  else if (message.length > CONTACT_LIMITS.message) {
    errors.message = `Please keep it under ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters (now ${message.length.toLocaleString('en-US')}).`;
  }
  if (draft.email.trim() && !isEmailAddress(draft.email)) errors.email = 'This does not look like an email address.';
  if (draft.name.trim().length > CONTACT_LIMITS.name) errors.name = `At most ${CONTACT_LIMITS.name} characters.`;
  if (draft.subject.trim().length > CONTACT_LIMITS.subject)
    errors.subject = `At most ${CONTACT_LIMITS.subject} characters.`;
  return errors;
}
