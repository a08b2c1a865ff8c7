import type { TDigestFrequency, TSubscription } from '@paperbench/contract';
import { type FormEvent, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { isEmailAddress } from '../../lib/email-address';
import { Field } from '../form-card/field';
import { useSaveSubscriptionMutation } from './api';
import styles from './subscription.module.css';
import { TopicChoice } from './topic-choice';

const FREQUENCIES: { value: TDigestFrequency; label: string; hint: string }[] = [
  { value: 'daily', label: 'Daily', hint: 'Every morning, when there is something new.' },
  { value: 'weekly', label: 'Weekly', hint: 'Once a week, on the first run of the week.' },
];

type TSubscriptionFormProps = {
  subscription: TSubscription;
  /** After the saved subscription is in the cache. */
  onSaved: () => void;
  onCancel?: (() => void) | undefined;
};

/** Address, frequency and topics of the digest; a new address is confirmed by mail (double opt-in). */
export function SubscriptionForm({ subscription, onSaved, onCancel }: TSubscriptionFormProps) {
  const [email, setEmail] = useState(subscription.email ?? '');
  const [frequency, setFrequency] = useState<TDigestFrequency>(subscription.frequency ?? 'daily');
  const [topics, setTopics] = useState<string[]>(subscription.topics);
  const [emailError, setEmailError] = useState<string | undefined>();
  const save = useSaveSubscriptionMutation();
  const isSubscribing = subscription.status === 'none' || subscription.status === 'unsubscribed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    if (!isEmailAddress(email)) {
      setEmailError(email.trim() ? 'This does not look like an email address.' : 'Please enter your email address.');
      return;
    }
    // A failure is logged by the query client (requirements §8) and shown at the top of the form.
    save.mutate({ email: email.trim(), frequency, topics }, { onSuccess: onSaved });
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Digest settings">
      <h2>{isSubscribing ? 'Subscribe to a digest' : 'Change your digest'}</h2>
      <p className="form-card-intro">
        New papers on the topics you follow, grouped by topic, with a link to each. Every mail has an unsubscribe link.
      </p>
      {save.error && (
        <p className="form-alert" role="alert">
          {parseApiError(save.error).message}
        </p>
      )}
      <Field
        label="Email address"
        error={emailError}
        hint={
          subscription.status === 'active'
            ? 'A new address is confirmed by mail before digests go to it.'
            : 'We mail a link to confirm it is yours.'
        }
      >
        {(control) => (
          <input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@university.edu"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
            }}
            {...control}
          />
        )}
      </Field>
      <fieldset className="field">
        <legend className="field-label">Frequency</legend>
        <div className={styles['frequency-options']}>
          {FREQUENCIES.map((option) => (
            <label key={option.value} className={styles['frequency-option']}>
              <input
                type="radio"
                name="frequency"
                value={option.value}
                checked={frequency === option.value}
                onChange={() => setFrequency(option.value)}
              />
              <span>
                <strong>{option.label}</strong>
                <small>{option.hint}</small>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TopicChoice chosen={topics} onChange={setTopics} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : isSubscribing ? 'Subscribe' : 'Save changes'}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
