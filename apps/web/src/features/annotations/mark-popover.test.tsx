import type { TAnnotation } from '@paperbench/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { MarkPopover } from './mark-popover';

const mark = (overrides: Partial<TAnnotation> = {}): TAnnotation => ({
  id: 7,
  paper_id: '2004.07180',
  platform: 'arxiv',
  page: 2,
  kind: 'highlight',
  color: 'yellow',
  note: 'Compare with SciBERT',
  quote: { exact: 'citation-informed transformers', prefix: '', suffix: '' },
  position: { start: 10, end: 40 },
  rects: [{ x: 0.1, y: 0.2, width: 0.3, height: 0.02 }],
  folder_id: null,
  author_name: 'Ada',
  is_mine: true,
  created_at: '2026-11-29T07:00:00.000Z',
  updated_at: '2026-11-29T07:00:00.000Z',
  anchor: 'placed',
  abilities: { edit: true, delete: true },
  thread: null,
  ...overrides,
});

const bounds = { x: 0.1, y: 0.2, width: 0.3, height: 0.02 };

beforeEach(() => {
  mockApi({});
});

describe('MarkPopover', () => {
  it('offers its author colours, the note and Delete mark, and saves a recolour and a note', async () => {
    const patches: unknown[] = [];
    mockApi({
      'PATCH /api/annotations/7': async ({ body }) => {
        patches.push(body);
        return { body: mark() };
      },
    });
    renderWithApp(<MarkPopover mark={mark()} bounds={bounds} focusNote onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Mark' });
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Yellow' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Delete mark' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Green' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Note' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'A note');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(patches).toEqual([{ color: 'green' }, { note: 'A note' }]));
    expect(dialog).toBeVisible();
  });

  it("shows others the note read-only with its author's name, and no edit or delete", () => {
    renderWithApp(
      <MarkPopover
        mark={mark({ is_mine: false, abilities: { edit: false, delete: false } })}
        bounds={bounds}
        focusNote={false}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText('Compare with SciBERT')).toBeVisible();
    expect(screen.getByText('Ada')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete mark' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yellow' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy quote' })).toBeVisible();
  });

  it('Escape closes it', async () => {
    const onClose = vi.fn();
    renderWithApp(<MarkPopover mark={mark()} bounds={bounds} focusNote={false} onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
