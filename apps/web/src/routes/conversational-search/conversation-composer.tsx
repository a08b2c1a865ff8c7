import { MAX_TURN_CHARS } from '@paperbench/contract';
import { ChatComposer } from '../chat/chat-composer';

type TComposerProps = {
  /** Whether a conversation has started: the box then asks for a follow-up. */
  isFollowUp: boolean;
  /** A request is being answered: the next one waits for it. */
  isBusy: boolean;
  onSend: (request: string) => void;
};

/** The request box at the bottom: /chat's composer, asking for a request or a follow-up. */
export function ConversationComposer({ isFollowUp, isBusy, onSend }: TComposerProps) {
  return (
    <ChatComposer
      isStreaming={isBusy}
      isDisabled={false}
      onSend={onSend}
      label={isFollowUp ? 'Your follow-up' : 'Your request'}
      placeholder={
        isFollowUp
          ? 'Refine it: “only since 2021”, “also in stat.ML”, “not surveys”…'
          : 'Describe the papers you are looking for…'
      }
      maxLength={MAX_TURN_CHARS}
      busyLabel="Searching…"
    />
  );
}
