import type { TPaperReference } from '@paperbench/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import { markerStretches, type TTextItem } from './marker-spans';
import { PageCitations } from './page-citations';

// The server's page text is these items joined ("  " leads, then trimmed): "As in [1] and\n[2, 3]."
const ITEMS: TTextItem[] = [
  { str: '  ', hasEOL: false },
  { str: 'As in [1] and', hasEOL: true },
  { str: '[2, 3].', hasEOL: false },
];

const REFERENCES: TPaperReference[] = [
  {
    n: 1,
    raw: 'A. Vaswani et al. Attention is all you need. 2017.',
    title: 'Attention is all you need',
    authors: ['A. Vaswani'],
    year: 2017,
    venue: null,
    doi: null,
    arxiv_id: '1706.03762',
    paper: { paper_id: '1706.03762', platform: 'arxiv' },
  },
  {
    n: 2,
    raw: 'J. Devlin. BERT. 2019.',
    title: 'BERT',
    authors: ['J. Devlin'],
    year: 2019,
    venue: null,
    doi: '10.18653/v1/n19-1423',
    arxiv_id: null,
    paper: null,
  },
];

function Page() {
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={boxRef}>
      <div ref={textRef}>
        {ITEMS.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed test items
          <span key={index}>{item.str}</span>
        ))}
      </div>
      <Layer boxRef={boxRef} textRef={textRef} />
    </div>
  );
}
function Layer({
  boxRef,
  textRef,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  textRef: RefObject<HTMLDivElement | null>;
}) {
  // Read once the spans exist, as after pdf.js has drawn the text layer.
  const [spans, setSpans] = useState<HTMLElement[] | null>(null);
  useEffect(() => setSpans([...(textRef.current?.children ?? [])] as HTMLElement[]), [textRef]);
  return (
    <PageCitations
      boxRef={boxRef}
      layer={spans ? { textDivs: spans, items: ITEMS } : null}
      markers={[
        { page: 1, char_start: 6, char_end: 9, entries: [1] },
        { page: 1, char_start: 14, char_end: 20, entries: [2] },
      ]}
      references={REFERENCES}
    />
  );
}

describe('citation markers in the PDF text layer (docs/references.md)', () => {
  it('maps page-text offsets to the text items, past the trimmed leading space and line ends', () => {
    // "As in [1] and\n[2, 3]." : [1] at 6–9, [2, 3] at 14–20.
    expect(markerStretches(ITEMS, { char_start: 6, char_end: 9 })).toEqual([{ item: 1, start: 6, end: 9 }]);
    expect(markerStretches(ITEMS, { char_start: 14, char_end: 20 })).toEqual([{ item: 2, start: 0, end: 6 }]);
  });

  it('makes each marker focusable and shows a card: Open for a corpus paper, DOI otherwise', async () => {
    renderWithApp(<Page />);
    const first = await screen.findByRole('button', { name: 'Citation: [1] Attention is all you need' });
    expect(first).toHaveTextContent('[1]');
    act(() => first.focus());
    const card = await screen.findByRole('dialog', { name: 'Citation [1]' });
    expect(within(card).getByText('[1] Attention is all you need')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/paper/1706.03762/arxiv');
    expect(within(card).getByRole('button', { name: 'Add to File List' })).toBeInTheDocument();

    const second = screen.getByRole('button', { name: 'Citation: [2] BERT' });
    fireEvent.mouseEnter(second);
    const other = await screen.findByRole('dialog', { name: 'Citation [2]' });
    expect(within(other).getByRole('link', { name: 'DOI' })).toHaveAttribute(
      'href',
      'https://doi.org/10.18653/v1/n19-1423',
    );
    expect(within(other).queryByRole('link', { name: 'Open' })).not.toBeInTheDocument();
    fireEvent.keyDown(second, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
