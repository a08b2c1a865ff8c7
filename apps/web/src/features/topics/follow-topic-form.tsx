import { MAX_TOPIC_LENGTH } from '@paperbench/contract';
import { type FormEvent, useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';
import { Icon } from '../ui/icons';
import { useFollowTopicMutation } from './api';
import { checkTopicInput } from './topic-input';
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
  const [invalidText, setInvalidText] = useState<string | null>(null);
  const follow = useFollowTopicMutation();
  // What the text breaks (checked here), else why the API refused it; the message replaces the other.
  const error = invalidText ?? (follow.error ? parseApiError(follow.error).message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTopicInput(text);
    setInvalidText(checked.error);
    if (checked.error !== null) {
      follow.reset();
      return;
    }
    follow.mutate(checked.topic, {
      onSuccess: () => {
        setText('');
        onFollowed?.(checked.topic);
      },
    });
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
            setInvalidText(null);
            if (follow.isError) follow.reset();
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
