import type { TCorpusStatus } from '@paperbench/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { CorpusStatus } from './corpus-status';
import { describeCorpusStatus, splitCodeSpans } from './corpus-status-text';

const NOW = Date.parse('2026-11-24T12:00:00Z');

const live: TCorpusStatus = {
  papers: 25_002,
  papers_estimated: false,
  newest_published: '2026-11-23',
  updated_at: '2026-11-24T10:00:00Z',
  harvesting: true,
  frozen: false,
  refresh_hint: 'Harvested from arXiv daily after 06:00 UTC (sets cs).',
};

const frozen: TCorpusStatus = {
  ...live,
  newest_published: '2019-12-31',
  harvesting: false,
  frozen: true,
  refresh_hint:
    'To keep it fresh, remove the empty HARVEST_SETS setting and restart. Or run `pnpm ingest import <file>` (docs/ingest.md).',
};

describe('describeCorpusStatus', () => {
  it('names the count, the newest paper and when papers last arrived', () => {
    expect(describeCorpusStatus(live, NOW)).toBe('25,002 papers · newest Nov 23, 2026 · updated 2 hours ago');
  });

  it('rounds an estimate and leaves out what is unknown', () => {
    const estimate = { ...live, papers: 2_712_345, papers_estimated: true, newest_published: null, updated_at: null };
    expect(describeCorpusStatus(estimate, NOW)).toBe('about 2,710,000 papers');
    expect(describeCorpusStatus({ ...estimate, papers: 1, papers_estimated: false }, NOW)).toBe('1 paper');
  });

  it('splits the hint into text and `commands`', () => {
    expect(splitCodeSpans('run `pnpm ingest` now')).toEqual([
      { text: 'run ', isCode: false },
      { text: 'pnpm ingest', isCode: true },
      { text: ' now', isCode: false },
    ]);
  });
});

describe('CorpusStatus', () => {
  it('shows the one-line status of a corpus kept fresh', async () => {
    mockApi({ 'GET /api/corpus/status': () => ({ body: live }) });
    renderWithApp(<CorpusStatus />);
    expect(await screen.findByText(/^25,002 papers · newest Nov 23, 2026 · updated /)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says plainly in one line that a frozen corpus is an offline sample, the way to refresh it on demand', async () => {
    mockApi({ 'GET /api/corpus/status': () => ({ body: frozen }) });
    renderWithApp(<CorpusStatus />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(/^This is a frozen offline sample \(newest paper Dec 31, 2019\)\. How to refresh/);
    const toggle = screen.getByRole('button', { name: 'How to refresh' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const hint = screen.getByText(/^To keep it fresh,/).parentElement as HTMLElement;
    expect(toggle).toHaveAttribute('aria-controls', hint.id);
    expect(hint).not.toBeVisible();
    expect(screen.queryByText(/25,002 papers/)).not.toBeInTheDocument();
  });

  it('opens and closes the hint from the keyboard', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/corpus/status': () => ({ body: frozen }) });
    renderWithApp(<CorpusStatus />);
    const toggle = await screen.findByRole('button', { name: 'How to refresh' });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const hint = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(hint).toBeVisible();
    expect(hint).toHaveTextContent(
      'To keep it fresh, remove the empty HARVEST_SETS setting and restart. Or run pnpm ingest import <file> (docs/ingest.md).',
    );
    expect(hint?.querySelector('code')).toHaveTextContent('pnpm ingest import <file>');
    expect(screen.getByRole('note')).toHaveTextContent(
      'This is a frozen offline sample (newest paper Dec 31, 2019). How to refresh ▾To keep it fresh, remove the empty HARVEST_SETS setting and restart.',
    );
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(hint).not.toBeVisible();
  });

  it('shows nothing when the status cannot be read (the failure is logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/corpus/status': () => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }) });
    const { container } = renderWithApp(<CorpusStatus />);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
