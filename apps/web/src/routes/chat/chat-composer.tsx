import { useState } from 'react';
import { Icon } from '../../features/ui/icons';

type TChatComposerProps = {
  isStreaming: boolean;
  isDisabled: boolean;
  onSend: (message: string) => void;
  onStop: () => void;
};

/** The question box: Enter sends, Shift+Enter starts a new line; closed while an answer streams (Stop instead). */
export function ChatComposer({ isStreaming, isDisabled, onSend, onStop }: TChatComposerProps) {
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
        aria-label="Your question"
        placeholder={isDisabled ? 'Select papers in your File List first' : 'Ask about the selected papers…'}
        rows={2}
        maxLength={20_000}
        value={draft}
        disabled={isStreaming || isDisabled}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      {isStreaming ? (
        <button type="button" className="button chat-composer-action" onClick={onStop}>
          <span className="chat-stop-square" aria-hidden="true" />
          Stop
        </button>
      ) : (
        <button type="submit" className="button button-primary chat-composer-action" disabled={!canSend}>
          <Icon name="send" size={16} />
          Send
        </button>
      )}
    </form>
  );
}
