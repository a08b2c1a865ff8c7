import { useId, useState } from 'react';
import { parseApiError } from '../../api/parse-api-error';

/** The contract's ZCommentContent limit; the server refuses longer text with its own message. */
export const MAX_COMMENT_LENGTH = 10_000;

type TCommentFormProps = {
  label: string;
  submitLabel: string;
  /** Resolves when the server has the comment; a rejection is shown under the box and the text stays. */
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/** A comment box with its character count (at most 10,000, contract ZCommentContent) and the server's error. */
export function CommentForm({ label, submitLabel, onSubmit, onCancel, autoFocus }: TCommentFormProps) {
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const length = content.length;
  const isTooLong = length > MAX_COMMENT_LENGTH;
  const canSend = content.trim() !== '' && !isTooLong && !isSending;

  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSend) return;
        setIsSending(true);
        setError(null);
        onSubmit(content.trim()).then(
          () => {
            setContent('');
            setIsSending(false);
          },
          (reason: unknown) => {
            setError(parseApiError(reason).message);
            setIsSending(false);
          },
        );
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="comment-input"
        placeholder={label}
        value={content}
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: a reply box opens on the user's own Reply click.
        autoFocus={autoFocus}
        aria-describedby={`${id}-count`}
        aria-invalid={isTooLong || undefined}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="comment-form-row">
        <span id={`${id}-count`} className={isTooLong ? 'comment-count is-over' : 'comment-count'}>
          {length.toLocaleString('en-US')} / {MAX_COMMENT_LENGTH.toLocaleString('en-US')}
        </span>
        {onCancel && (
          <button type="button" className="button button-small" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button-small button-primary" disabled={!canSend}>
          {isSending ? 'Sending…' : submitLabel}
        </button>
      </div>
      {error && (
        <p className="comment-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
