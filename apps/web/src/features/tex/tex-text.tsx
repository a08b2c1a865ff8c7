import { Fragment, useMemo } from 'react';
import { mayContainMath, splitTex } from '../../lib/tex-segments';
import { markPieces, type TMatchRange } from '../../lib/text-marks';
import { useKatex } from './load-katex';
import { renderMath } from './render-math';
import './tex.css';

const NO_MARKS: readonly TMatchRange[] = [];

/** The source slice [start, end) with its matched words in <mark>; `\$` reads as a dollar. */
function MarkedText({
  text,
  marks,
  start,
  end,
}: {
  text: string;
  marks: readonly TMatchRange[];
  start: number;
  end: number;
}) {
  return markPieces(text, marks, start, end).map((piece, i) => {
    const value = piece.text.replaceAll('\\$', '$');
    return piece.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a fixed text, never reordered.
      <mark key={i} className="text-match">
        {value}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a fixed text, never reordered.
      <Fragment key={i}>{value}</Fragment>
    );
  });
}

/**
 * Text with `$…$` / `$$…$$` math rendered by KaTeX. Plain text until KaTeX has loaded. Only KaTeX's
 * own output is injected as HTML; everything else stays React text nodes. `marks` (offsets into
 * `text`, e.g. a search's matched words) are shown in <mark>; a formula with a match is marked whole.
 */
export function TexText({ text, marks = NO_MARKS }: { text: string; marks?: readonly TMatchRange[] }) {
  const hasMath = mayContainMath(text);
  const katex = useKatex(hasMath);
  const segments = useMemo(() => (hasMath ? splitTex(text) : null), [hasMath, text]);
  if (!segments || !katex) {
    return marks.length ? <MarkedText text={text} marks={marks} start={0} end={text.length} /> : text;
  }
  return segments.map((segment) => {
    if (segment.kind === 'text') {
      return marks.length ? (
        <MarkedText key={segment.start} text={text} marks={marks} start={segment.start} end={segment.end} />
      ) : (
        <Fragment key={segment.start}>{segment.value}</Fragment>
      );
    }
    const html = renderMath(katex, segment.value, segment.isDisplay);
    const source = text.slice(segment.start, segment.end);
    const isMatched = marks.some(([s, e]) => s < segment.end && segment.start < e);
    const rendered =
      html === null ? (
        <Fragment key={segment.start}>{source}</Fragment>
      ) : (
        <span
          key={segment.start}
          className={segment.isDisplay ? 'tex-math is-display' : 'tex-math'}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output for a math segment only (trust off).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      );
    return isMatched ? (
      <mark key={segment.start} className="text-match">
        {rendered}
      </mark>
    ) : (
      rendered
    );
  });
}
