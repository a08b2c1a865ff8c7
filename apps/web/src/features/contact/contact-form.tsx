import { type FormEvent, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { CONTACT_LIMITS, type TContactDraft, type TContactErrors, validateContactDraft } from '../../lib/contact-form';
import { Field, type TControlProps } from '../form-card/field';
import { StateCard } from '../form-card/state-card';
import { Icon } from '../ui/icons';
import { useSendContactMessageMutation } from './api';

const EMPTY: TContactDraft = { name: '', email: '', subject: '', message: '' };

/** The feedback form of /contact: checked as it is sent, the server's refusal shown above the button. */
export function ContactForm() {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<TContactErrors>({});
  const send = useSendContactMessageMutation();
  const sentAs = send.isSuccess ? send.data : null;

  const edit = (field: keyof TContactDraft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** A one-line input for a field of the draft, named after it. */
  const lineInput =
    (field: 'name' | 'email' | 'subject', type: 'text' | 'email', autoComplete?: string) =>
    (control: TControlProps) => (
      <input
        type={type}
        name={field}
        autoComplete={autoComplete}
        value={draft[field]}
        onChange={edit(field)}
        {...control}
      />
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContactDraft(draft);
    setErrors(found);
    send.reset();
    if (Object.keys(found).length > 0) return;
    // A failure is logged by the query client (requirements §8) and shown above the button.
    send.mutate({
      message: draft.message.trim(),
      ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
      ...(draft.email.trim() ? { email: draft.email.trim() } : {}),
      ...(draft.subject.trim() ? { subject: draft.subject.trim() } : {}),
    });
  };

  if (sentAs) {
    return (
      <ContactSent
        sentAs={sentAs}
        replyTo={draft.email.trim()}
        onWriteAnother={() => {
          setDraft(EMPTY);
          send.reset();
        }}
      />
    );
  }

  const messageLength = draft.message.trim().length;
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Contact form">
      {send.error && (
        <p className="form-alert" role="alert">
          {parseApiError(send.error).message}
        </p>
      )}
      <div className="field-row">
        <Field label="Name" optional error={errors.name}>
          {lineInput('name', 'text', 'name')}
        </Field>
        <Field
          label="Email"
          optional
          error={errors.email}
          hint={errors.email ? undefined : 'Only if you would like an answer.'}
        >
          {lineInput('email', 'email', 'email')}
        </Field>
      </div>
      <Field label="Subject" optional error={errors.subject}>
        {lineInput('subject', 'text')}
      </Field>
      <Field
        label="Message"
        error={errors.message}
        hint={
          errors.message
            ? undefined
            : `${messageLength.toLocaleString('en-US')} / ${CONTACT_LIMITS.message.toLocaleString('en-US')}`
        }
      >
        {(control) => <textarea name="message" value={draft.message} onChange={edit('message')} {...control} />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          <Icon name="send" />
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}

/** Thanks once the message is sent: where it went, and whether an answer may come. */
function ContactSent({
  sentAs,
  replyTo,
  onWriteAnother,
}: {
  sentAs: NonNullable<ReturnType<typeof useSendContactMessageMutation>['data']>;
  /** The address given for an answer; empty when none. */
  replyTo: string;
  onWriteAnother: () => void;
}) {
  return (
    <StateCard
      as="div"
      icon="check"
      tone="success"
      role="status"
      title={sentAs === 'email' ? 'Thank you, your message was sent' : 'Thank you, your message was saved'}
      actions={
        <button type="button" className="button" onClick={onWriteAnother}>
          Write another message
        </button>
      }
    >
      <p>
        {sentAs === 'email'
          ? 'It was mailed to the people who run this server, who will read it'
          : 'This server sends no email: your message waits here until the people who run it read it'}
        {replyTo ? ` and may answer at ${replyTo}` : ''}.
      </p>
    </StateCard>
  );
}
