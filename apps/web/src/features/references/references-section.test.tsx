import type { TPaperReference } from '@paperbench/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { ReferencesSection } from './references-section';

const PAPER = { paper_id: 'up-1', platform: 'upload' };

const entry = (n: number, overrides: Partial<TPaperReference> = {}): TPaperReference => ({
  n,
  raw: `Author ${n}. 2020. Title number ${n}. Venue.`,
  title: `Title number ${n}`,
  authors: [`Author ${n}`],
  year: 2020,
  venue: 'Venue',
  doi: null,
  arxiv_id: null,
  paper: null,
  ...overrides,
});

const citing = {
  paper_id: '2004.07180',
  platform: 'arxiv',
  title: 'SPECTER: Document-level Representation Learning',
  authors: ['Arman Cohan'],
  published_date: '2020-04-15',
  abstract: null,
  categories: ['cs.CL'],
  pdf_url: null,
  updated_date: null,
  doi: null,
  comments: null,
};

describe('the paper page References and Cited by (docs/references.md)', () => {
  it('counts the entries and those in this library, links resolved ones and offers DOI/arXiv for the rest', async () => {
    mockApi({
      'GET /api/papers/up-1/references': () => ({
        body: [
          entry(1, { paper: { paper_id: '1810.04805', platform: 'arxiv' }, title: 'BERT' }),
          entry(2, { doi: '10.1000/xyz' }),
          entry(3, { arxiv_id: '2004.07180', title: null }),
        ],
      }),
      'GET /api/papers/up-1/citation-markers': () => ({ body: { text_status: 'ready', markers: [] } }),
      'GET /api/papers/up-1/citations': () => ({ body: [citing] }),
    });
    renderWithApp(<ReferencesSection paper={PAPER} />);
    expect(await screen.findByRole('heading', { name: 'References (3, 1 in this library)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'References' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'BERT' })).toHaveAttribute(
      'href',
      '/paper/1810.04805/arxiv',
    );
    expect(within(first as HTMLElement).getByRole('button', { name: 'Add to File List' })).toBeInTheDocument();
    expect(within(second as HTMLElement).getByRole('link', { name: 'DOI' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1000/xyz',
    );
    // No title read: the raw text is shown, with the arXiv link.
    expect(third).toHaveTextContent('Author 3. 2020. Title number 3. Venue.');
    expect(within(third as HTMLElement).getByRole('link', { name: 'arXiv' })).toHaveAttribute(
      'href',
      'https://arxiv.org/abs/2004.07180',
    );
    expect(await screen.findByRole('heading', { name: 'Cited by (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /SPECTER: Document-level/ })).toBeInTheDocument();
  });

  it('shows the first 20 entries of a long list and the rest on request', async () => {
    mockApi({
      'GET /api/papers/up-1/references': () => ({ body: Array.from({ length: 45 }, (_, i) => entry(i + 1)) }),
      'GET /api/papers/up-1/citation-markers': () => ({ body: { text_status: 'ready', markers: [] } }),
      'GET /api/papers/up-1/citations': () => ({ body: [] }),
    });
    renderWithApp(<ReferencesSection paper={PAPER} />);
    const list = await screen.findByRole('list', { name: 'References' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 45' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(45);
  });

  it('says why the list is empty: not extracted yet, or no references in the text', async () => {
    let status: 'pending' | 'ready' = 'pending';
    mockApi({
      'GET /api/papers/up-1/references': () => ({ body: [] }),
      'GET /api/papers/up-1/citation-markers': () => ({ body: { text_status: status, markers: [] } }),
      'GET /api/papers/up-1/citations': () => ({ body: [] }),
    });
    const first = renderWithApp(<ReferencesSection paper={PAPER} />);
    expect(await screen.findByText(/Full text not extracted yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'References (0, 0 in this library)' })).toBeInTheDocument();
    first.unmount();
    status = 'ready';
    renderWithApp(<ReferencesSection paper={PAPER} />);
    expect(await screen.findByText("No references found in this paper's text.")).toBeInTheDocument();
  });
});
