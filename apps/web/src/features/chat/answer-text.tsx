import { Fragment } from 'react';
import { splitCitations, type TCitationPiece } from '../../lib/citation-pieces';
import { TexText } from '../tex/tex-text';
import { CitationChip, NOT_VERIFIED_TEXT } from './citation-chip';
import { type TCitationVerdict, useCitations } from './citation-context';

/** Where the sentence that ends a text begins: after the last '. ', '! ' or '? ' (or at 0). */
function lastSentenceStart(text: string): number {
  const boundaries = [...text.matchAll(/[.!?]\s+(?=\S)/g)];
  const last = boundaries.at(-1);
  return last ? last.index + last[0].length : 0;
}

function isUnsupportedCite(piece: TCitationPiece | undefined, verdict: (n: number) => TCitationVerdict) {
  return piece?.kind === 'cite' && verdict(piece.n) === 'unsupported';
}

/**
 * A run of answer text: `[n]` as citation chips, `$…$` as KaTeX. The sentence that an unverified
 * citation closes is underlined and titled as not verified, so it never reads as a checked claim.
 */
export function AnswerText({ text }: { text: string }) {
  const { verdict } = useCitations();
  const pieces = splitCitations(text);
  return pieces.map((piece, index) => {
    // biome-ignore-start lint/suspicious/noArrayIndexKey: pieces of a fixed text, never reordered.
    if (piece.kind === 'cite') return <CitationChip key={index} n={piece.n} />;
    if (!isUnsupportedCite(pieces[index + 1], verdict)) return <TexText key={index} text={piece.value} />;
    const start = lastSentenceStart(piece.value);
    return (
      <Fragment key={index}>
        <TexText text={piece.value.slice(0, start)} />
        <span className="claim-unverified" title={NOT_VERIFIED_TEXT}>
          <TexText text={piece.value.slice(start)} />
        </span>
      </Fragment>
    );
    // biome-ignore-end lint/suspicious/noArrayIndexKey: pieces of a fixed text, never reordered.
  });
}
