import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TReaderMarks } from './reader-marks';
import { SelectionToolbar } from './selection-toolbar';

const items = [
  { str: 'SPECTER learns document embeddings', hasEOL: true },
  { str: 'from the citation graph.', hasEOL: false },
];

/** A viewer scroller with one drawn page (jsdom lays nothing out: rectangles are empty). */
function arrange(paper: TReaderMarks['paper']) {
  const scroller = document.createElement('div');
  const page = document.createElement('div');
  page.dataset.pageNumber = '3';
  const layer = document.createElement('div');
  layer.className = 'textLayer';
  const textDivs = items.map((item) => {
    const span = document.createElement('span');
    span.textContent = item.str;
    layer.append(span);
    return span;
  });
  page.append(layer);
  scroller.append(page);
  document.body.append(scroller);
  const scrollerRef = createRef<HTMLDivElement>() as { current: HTMLDivElement | null };
  scrollerRef.current = scroller;
  const marks = {
    paper,
    byPage: new Map(),
    ordered: [],
    pages: new Map([[3, { box: page, layer: { textDivs, items } }]]),
    scrollerRef,
    color: 'yellow',
    setColor: vi.fn(),
    open: null,
    setOpen: vi.fn(),
    isAreaTool: false,
    setAreaTool: vi.fn(),
    createMark: vi.fn(),
    copyQuote: vi.fn(),
    askAi: vi.fn(),
    status: '',
    announce: vi.fn(),
  } satisfies TReaderMarks;
  return { marks, textDivs };
}

/** Selects `text`'s characters [from, to) and lets the toolbar read the settled selection. */
async function select(text: Node, from: number, to: number) {
  const range = document.createRange();
  range.setStart(text, from);
  range.setEnd(text, to);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  await act(async () => {
    document.dispatchEvent(new Event('selectionchange'));
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
}

beforeEach(() => {
  // jsdom has no layout: a selection has no client rectangles.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

afterEach(() => {
  document.getSelection()?.removeAllRanges();
  document.body.replaceChildren();
});

describe('SelectionToolbar', () => {
  it('offers the five actions and the palette; a shortcut marks the selection with its selectors', async () => {
    const { marks, textDivs } = arrange({ paper_id: '2004.07180', platform: 'arxiv' });
    render(<SelectionToolbar marks={marks} />);
    await select(textDivs[0]?.firstChild as Node, 8, 34);
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    for (const [name, key] of [
      ['Highlight', 'H'],
      ['Underline', 'U'],
      ['Add note', 'N'],
      ['Copy quote', 'C'],
      ['Ask AI', 'A'],
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toHaveAttribute('aria-keyshortcuts', key);
    }
    expect(within(toolbar).getByRole('button', { name: 'Yellow' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(toolbar).getByRole('button', { name: 'Orange' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.keyboard('u');
    expect(marks.createMark).toHaveBeenCalledWith(
      'underline',
      {
        page: 3,
        quote: { exact: 'learns document embeddings', prefix: 'SPECTER ', suffix: '\nfrom the citation graph.' },
        position: { start: 8, end: 34 },
        rects: [],
      },
      { openNote: false },
    );
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('Tab moves into it; Escape closes it and clears the selection', async () => {
    const { marks, textDivs } = arrange({ paper_id: '2004.07180', platform: 'arxiv' });
    render(<SelectionToolbar marks={marks} />);
    await select(textDivs[1]?.firstChild as Node, 0, 4);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Highlight' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Underline' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Orange' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(document.getSelection()?.isCollapsed ?? true).toBe(true);
  });

  it('without a known paper, Copy quote alone', async () => {
    const { marks, textDivs } = arrange(undefined);
    render(<SelectionToolbar marks={marks} />);
    await select(textDivs[1]?.firstChild as Node, 9, 17);
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Copy quote']);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Copy quote' }));
    expect(marks.copyQuote).toHaveBeenCalledWith('citation', 3);
  });
});
