import { Fragment, useMemo } from 'react';
import { mayContainMath, splitTex, type TexSegment } from '../../lib/tex-segments';
import { useKatex } from './load-katex';

type TKatex = NonNullable<ReturnType<typeof useKatex>>;

function renderMath(katex: TKatex, segment: Extract<TexSegment, { kind: 'math' }>): string | null {
  try {
    return katex.renderToString(segment.value, { throwOnError: false, displayMode: segment.isDisplay });
  } catch {
    return null;
  }
}

/**
 * Text with `$…$` / `$$…$$` math rendered by KaTeX. Plain text until KaTeX has loaded. Only KaTeX's
 * own output is injected as HTML; everything else stays React text nodes.
 */
export function TexText({ text }: { text: string }) {
  const hasMath = mayContainMath(text);
  const katex = useKatex(hasMath);
  const segments = useMemo(() => (hasMath ? splitTex(text) : null), [hasMath, text]);
  if (!segments || !katex) return text;
  return segments.map((segment) => {
    if (segment.kind === 'text') return <Fragment key={segment.start}>{segment.value}</Fragment>;
    const html = renderMath(katex, segment);
    const source = text.slice(segment.start, segment.end);
    return html === null ? (
      <Fragment key={segment.start}>{source}</Fragment>
    ) : (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output for a math segment only (trust off).
      <span key={segment.start} className="tex-math" dangerouslySetInnerHTML={{ __html: html }} />
    );
  });
}
