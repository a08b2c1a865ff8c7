import { useState } from 'react';
import { Icon } from '../../features/ui/icons';
import './chat-composer.css';

type TChatComposerProps = {
  /** An answer is on its way: nothing is sent until it is done. */
  isStreaming: boolean;
  isDisabled: boolean;
  onSend: (message: string) => void;
  /**
   * Stops the answer on its way: the box closes while it streams and Stop replaces Send. Without it
   * (conversational search) the box stays open to write the next message, which waits.
   */
  onStop?: () => void;
  /** What the empty box says, when not /chat's (which speaks of the File List selection). */
  placeholder?: string;
  /** The box's accessible name. */
  label?: string;
  maxLength?: number;
  /** What Send says while an answer that cannot be stopped is on its way ('Searching…'). */
  busyLabel?: string;
};

/**
 * The message box of /chat, the review's chat and conversational search: Enter sends, Shift+Enter
 * starts a new line; while an answer streams, Stop (when it can be stopped) replaces Send.
 */
export function ChatComposer({
  isStreaming,
  isDisabled,
  onSend,
  onStop,
  placeholder,
  label = 'Your question',
  maxLength = 20_000,
  busyLabel = 'Send',
}: TChatComposerProps) {
  const [draft, setDraft] = useState('');
  const canSend = !isStreaming && !isDisabled && draft.trim() !== '';
  const send = () => {
    if (!canSend) return;
    onSend(draft.trim());
    setDraft('');
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        className="chat-composer-input"
        aria-label={label}
        placeholder={
          placeholder ?? (isDisabled ? 'Select papers in your File List first' : 'Ask about the selected papers…')
        }
        rows={2}
        maxLength={maxLength}
        value={draft}
        disabled={(isStreaming && onStop !== undefined) || isDisabled}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      {isStreaming && onStop ? (
        <button type="button" className="button chat-composer-action" onClick={onStop}>
          <span className="chat-stop-square" aria-hidden="true" />
          Stop
        </button>
      ) : (
        <button type="submit" className="button button-primary chat-composer-action" disabled={!canSend}>
          <Icon name="send" size={16} />
          {isStreaming ? busyLabel : 'Send'}
        </button>
      )}
    </form>
  );
}
