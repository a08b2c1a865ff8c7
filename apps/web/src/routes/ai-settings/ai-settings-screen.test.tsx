import type { TScorecard, TScorecardStatus } from '@paperbench/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import AiSettingsScreen, { EVAL_COMMANDS } from './ai-settings-screen';

const SCORECARD: TScorecard = {
  mode: 'model',
  model: 'qwen2.5:7b',
  set_name: 'questions.json',
  set_hash: 'abcdef0123456789'.repeat(4),
  created_at: '2026-11-29T03:00:00.000Z',
  metrics: {
    questions: 70,
    gold_cited: [
      { kind: 'keyword', cited: 32, questions: 33 },
      { kind: 'paraphrased', cited: 13, questions: 27 },
    ],
    correct_abstentions: 7,
    unanswerable: 10,
    wrong_abstentions: 11,
    answerable: 60,
    fabricated_citations: 2,
    unsupported_sentences: 5,
    withdrawn_answers: 3,
    errors: 0,
    first_token_ms: { p50: 407, p95: 1918 },
    tokens_per_second: 24.5,
  },
};

function renderSettings(status: TScorecardStatus, mode: 'model' | 'extractive' = status.mode) {
  vi.stubGlobal(
    'fetch',
    mockApi({
      'GET /api/ai/status': () => ({ body: { mode, model: status.model, embeddings: null } }),
      'GET /api/ai/scorecard': () => ({ body: status }),
    }),
  );
  return renderWithApp(<AiSettingsScreen title="AI Status" params={{}} />);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('/settings/ai', () => {
  it('shows the configured model and every number of its latest scorecard', async () => {
    renderSettings({ mode: 'model', model: 'qwen2.5:7b', scorecard: SCORECARD, hint: 'Run `pnpm eval`' });
    const configuration = await screen.findByRole('region', { name: 'Configuration' });
    expect(within(configuration).getByRole('heading', { name: 'qwen2.5:7b' })).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Scorecard' });
    expect(card).toHaveTextContent('November 29, 2026 · 70 questions of questions.json (abcdef01)');
    const tile = (label: string) => within(card).getByText(label).parentElement as HTMLElement;
    expect(tile('Gold page cited')).toHaveTextContent('75 %45 of 60 · keyword 32/33 · paraphrased 13/27');
    expect(tile('Correct abstentions')).toHaveTextContent('7/10');
    expect(tile('Wrong abstentions')).toHaveTextContent('11/60');
    expect(tile('Fabricated citations')).toHaveTextContent('2');
    // Any fabrication is a warning; zero errors is not.
    expect(tile('Fabricated citations')).toHaveClass('is-warning');
    expect(tile('Errors')).not.toHaveClass('is-warning');
    expect(tile('Unverified sentences')).toHaveTextContent('5marked “not verified”; 3 answers withdrawn entirely');
    expect(tile('First token')).toHaveTextContent('407 msmedian; 95th percentile 1.9 s');
    expect(tile('Tokens per second')).toHaveTextContent('24.5');
  });

  it('says extractive mode was not measured yet, with the hint and the commands to run', async () => {
    renderSettings({ mode: 'extractive', model: null, scorecard: null, hint: 'Run `pnpm eval` on the server.' });
    expect(await screen.findByRole('heading', { name: 'No AI model configured' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Not measured yet' })).toBeInTheDocument();
    expect(screen.getByText(/Run `pnpm eval` on the server\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Scorecard' })).toBeNull();
    const how = screen.getByRole('region', { name: 'How to measure' });
    for (const { command } of EVAL_COMMANDS) expect(within(how).getByText(command)).toBeInTheDocument();
  });
});
