import type { TReviewReference, TReviewSectionText, TStreamEvent } from '@paperbench/contract';
import { describe, expect, it } from 'vitest';
import { streamedReducer } from '../../api/use-event-stream';
import { applyWriteEvent, pendingSections, savedDraft, startDraft, type TReviewDraft } from './write-state';

const paper = { paper_id: '1706.03762', platform: 'arxiv', title: 'Attention Is All You Need' };
const section = (id: string, text = `Text of ${id} [1].`): TReviewSectionText => ({
  id,
  title: `Section ${id}`,
  text,
  source: 'extractive',
  dropped_sentences: 0,
});
const reference: TReviewReference = {
  ...paper,
  n: 1,
  key: 'vaswani2017attention',
  authors: ['Ashish Vaswani'],
  year: 2017,
  doi: null,
  url: null,
  cited: true,
};
const outline: TStreamEvent = {
  type: 'outline',
  sections: [
    { id: 'g1', title: 'Section g1', labels: ['extends'], papers: [paper] },
    { id: 'g2', title: 'Section g2', labels: [], papers: [paper] },
  ],
  closing: 'Our work',
};

const run = (events: TStreamEvent[]): TReviewDraft => events.reduce(streamedReducer(applyWriteEvent), startDraft());

describe('applyWriteEvent', () => {
  it('builds the draft from outline, sections, references and done', () => {
    const draft = run([
      outline,
      { type: 'section', section: section('g1') },
      { type: 'section', section: section('g2') },
      { type: 'section', section: section('closing') },
      { type: 'references', references: [reference] },
      {
        type: 'done',
        message_id: 9,
        source: 'extractive',
        abstained: false,
        citations: { supported: [1], unsupported: [] },
      },
    ]);
    expect(draft.status).toBe('done');
    expect(draft.closing).toBe('Our work');
    expect(draft.sections.map((s) => s.id)).toEqual(['g1', 'g2', 'closing']);
    expect(draft.references).toEqual([reference]);
    expect(draft).toMatchObject({ draftId: 9, source: 'extractive', citations: { supported: [1], unsupported: [] } });
  });

  it('keeps sections in outline order whatever order they arrive in, the closing paragraph last', () => {
    const draft = run([
      outline,
      { type: 'section', section: section('closing') },
      { type: 'section', section: section('g2') },
      { type: 'section', section: section('g1') },
    ]);
    expect(draft.sections.map((s) => s.id)).toEqual(['g1', 'g2', 'closing']);
    expect(draft.status).toBe('streaming');
  });

  it('replaces a section sent again instead of showing it twice', () => {
    const draft = run([
      outline,
      { type: 'section', section: section('g1', 'first') },
      { type: 'section', section: section('g1', 'second') },
    ]);
    expect(draft.sections).toEqual([section('g1', 'second')]);
  });

  it('lists the outline entries still to be written', () => {
    const draft = run([outline, { type: 'section', section: section('g1') }]);
    expect(pendingSections(draft)).toEqual([
      { id: 'g2', title: 'Section g2' },
      { id: 'closing', title: 'Our work' },
    ]);
    expect(pendingSections(startDraft())).toEqual([]);
  });

  it('stops at an error event with its message, keeping what arrived', () => {
    const draft = run([
      outline,
      { type: 'section', section: section('g1') },
      { type: 'error', error: 'AI_UNAVAILABLE', message: 'The model did not answer.' },
    ]);
    expect(draft).toMatchObject({ status: 'error', error: 'The model did not answer.' });
    expect(draft.sections).toHaveLength(1);
  });

  it('ignores events of other streams', () => {
    const before = run([outline]);
    expect(applyWriteEvent(before, { type: 'delta', content: 'chat text' })).toBe(before);
    expect(applyWriteEvent(before, { type: 'sources', papers: [] })).toBe(before);
  });
});

describe('savedDraft', () => {
  it('shows a stored draft exactly as the stream that wrote it left the screen', () => {
    const citations = { supported: [1], unsupported: [] };
    const streamed = run([
      outline,
      { type: 'section', section: section('g1') },
      { type: 'section', section: section('g2') },
      { type: 'section', section: section('closing') },
      { type: 'references', references: [reference] },
      { type: 'done', message_id: 9, source: 'extractive', abstained: false, citations },
    ]);
    const saved = savedDraft({
      id: 9,
      source: 'extractive',
      instructions: null,
      outline: outline.type === 'outline' ? outline.sections : [],
      closing: 'Our work',
      sections: [section('g1'), section('g2'), section('closing')],
      references: [reference],
      citations,
      abstained: false,
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(saved).toEqual({ ...streamed, savedAt: '2026-01-01T00:00:00Z' });
    expect(pendingSections(saved)).toEqual([]);
  });
});
