import type { TSearchHit } from '@paperbench/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { PaperCard } from '../paper-card/paper-card';

const filler = 'Background sentence about something else entirely. '.repeat(8); // 400 characters

function buildHit(overrides: Partial<TSearchHit> = {}): TSearchHit {
  return {
    paper_id: '1903.06059',
    platform: 'arxiv',
    title: 'Attention over graphs',
    authors: ['Ada Lovelace'],
    published_date: '2019-03-14',
    abstract: 'We study attention.',
    categories: ['cs.LG'],
    pdf_url: null,
    score: 0.5,
    highlights: { title: [[0, 9]], abstract: [[9, 18]] },
    ...overrides,
  };
}

const marks = () => Array.from(document.querySelectorAll('mark')).map((mark) => mark.textContent);

describe('search highlights on a paper card', () => {
  it('marks the matched words of the title and abstract as text, never as HTML', () => {
    mockApi({});
    renderWithApp(
      <PaperCard
        paper={buildHit({ title: '<b>Attention</b>' })}
        highlights={{ title: [[3, 12]], abstract: [[9, 18]] }}
      />,
    );
    expect(marks()).toEqual(['Attention', 'attention']);
    expect(screen.getByRole('heading').textContent).toBe('<b>Attention</b>');
  });

  it('shows a snippet around a match beyond the first 250 characters, and all of it on Show more', async () => {
    mockApi({});
    const abstract = `${filler}Here the graphons appear. ${filler}`;
    const at = abstract.indexOf('graphons');
    renderWithApp(<PaperCard paper={buildHit({ abstract })} highlights={{ title: [], abstract: [[at, at + 8]] }} />);
    const paragraph = document.querySelector('.paper-abstract p');
    expect(paragraph?.textContent?.startsWith('…')).toBe(true);
    expect(paragraph?.textContent).toContain('Here the graphons appear.');
    expect(marks()).toEqual(['graphons']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(paragraph?.textContent).toBe(abstract.trim());
    expect(marks()).toEqual(['graphons']);
  });

  it('keeps the usual preview from the start when the first match is inside it', () => {
    mockApi({});
    const abstract = `Graphons are limits. ${filler}`;
    renderWithApp(<PaperCard paper={buildHit({ abstract })} highlights={{ title: [], abstract: [[0, 8]] }} />);
    expect(document.querySelector('.paper-abstract p')?.textContent?.startsWith('Graphons are limits.')).toBe(true);
    expect(marks()).toEqual(['Graphons']);
  });
});
