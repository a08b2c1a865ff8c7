import { MAX_TURN_CHARS } from '@paperbench/contract';
import { useState } from 'react';
import { Icon } from '../../features/ui/icons';

type TComposerProps = {
  /** Whether a conversation has started: the box then asks for a follow-up. */
  isFollowUp: boolean;
  /** A request is being answered: the next one waits for it. */
  isBusy: boolean;
  onSend: (request: string) => void;
};

/** The request box at the bottom: Enter sends, Shift+Enter starts a new line. */
export function ConversationComposer({ isFollowUp, isBusy, onSend }: TComposerProps) {
  const [draft, setDraft] = useState('');
  const canSend = !isBusy && draft.trim() !== '';
  const send = () => {
    if (!canSend) return;
    onSend(draft.trim());
    setDraft('');
  };
  return (
    <form
      className="conv-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        className="conv-composer-input"
        aria-label={isFollowUp ? 'Your follow-up' : 'Your request'}
        placeholder={
          isFollowUp
            ? 'Refine it: “only since 2021”, “also in stat.ML”, “not surveys”…'
            : 'Describe the papers you are looking for…'
        }
        rows={2}
        maxLength={MAX_TURN_CHARS}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send();
          }
        }}
      />
      <button type="submit" className="button button-primary conv-composer-send" disabled={!canSend}>
        <Icon name="send" size={16} />
        {isBusy ? 'Searching…' : 'Send'}
      </button>
    </form>
  );
}
