import type { TChatQuote } from '@paperbench/contract';
import { Icon } from '../../features/ui/icons';

/** A long quote is shown by its start: the whole is sent, and the answer's passage [1] shows it all. */
const SHOWN_LETTERS = 140;

const shortened = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SHOWN_LETTERS ? flat : `${flat.slice(0, SHOWN_LETTERS).trimEnd()}…`;
};

/**
 * The passage the reader's Ask AI brought along (docs/ai.md#asking-about-a-quote): shown above the
 * composer until the next message carries it, or the reader removes it.
 */
export function QuoteChip({ quote, onRemove }: { quote: TChatQuote; onRemove: () => void }) {
  return (
    <div className="chat-quote-chip" role="note">
      <p className="chat-quote-text">
        Asking about: “{shortened(quote.exact)}” — p. {quote.page}
      </p>
      <button type="button" className="button button-small" aria-label="Remove quote" onClick={onRemove}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
