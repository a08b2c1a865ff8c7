import { MAX_TOPIC_LENGTH } from '@paperbench/contract';
import { type FormEvent, useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Icon } from '../ui/icons';
import { checkTopicInput } from './topic-input';
import { useFollowTopic } from './use-topics';
import './topics.css';

type TFollowTopicFormProps = {
  /** Called with the topic as the API stored it, after it was followed. */
  onFollowed?: (topic: string) => void;
  /** Visible label; hidden from sight (kept for screen readers) when `isLabelHidden`. */
  label?: string;
  isLabelHidden?: boolean;
  autoFocus?: boolean;
};

/**
 * One text field and a Follow button. Checks the text as the API does (not empty, at most 100
 * characters) before sending, and shows the server's message when the API refuses it (e.g. the cap).
 */
export function FollowTopicForm({
  onFollowed,
  label = 'Follow a topic',
  isLabelHidden = false,
  autoFocus = false,
}: TFollowTopicFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const follow = useFollowTopic();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTopicInput(text);
    if (checked.error !== null) {
      setError(checked.error);
      return;
    }
    setError(null);
    try {
      await follow.mutateAsync(checked.topic);
      setText('');
      onFollowed?.(checked.topic);
    } catch (failure) {
      console.error('Following the topic failed:', failure);
      setError(parseApiError(failure).message);
    }
  };

  return (
    <form className="follow-topic-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className={isLabelHidden ? 'visually-hidden' : 'follow-topic-label'}>
        {label}
      </label>
      <div className="follow-topic-row">
        <input
          id={inputId}
          className="follow-topic-input"
          type="text"
          value={text}
          placeholder="e.g. graph neural networks, cs.CL"
          // A little over the limit, so the message (not a silent cut) explains it.
          maxLength={MAX_TOPIC_LENGTH * 20}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: only where following is the page's one task (the empty monitor)
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className="button button-primary" disabled={follow.isPending}>
          <Icon name="plus" />
          {follow.isPending ? 'Following…' : 'Follow'}
        </button>
      </div>
      {error && (
        <p id={errorId} className="follow-topic-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
