import type { TAnnotation, TAnnotationReply, TSharedFolder } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { AnnotationsPanel, NO_MARKS_TEXT, NO_MATCHES_TEXT } from './panel-annotations';
import { DELETE_MARK_CONFIRM } from './panel-mark';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const paper = { paper_id: '1706.03762', platform: 'arxiv' };
const now = new Date().toISOString();

function buildMark(overrides: Partial<TAnnotation> = {}): TAnnotation {
  return {
    id: 1,
    paper_id: paper.paper_id,
    platform: 'arxiv',
    page: 1,
    kind: 'highlight',
    color: 'yellow',
    note: null,
    quote: { exact: 'Attention is all you need', prefix: '', suffix: '' },
    position: { start: 0, end: 25 },
    rects: [{ x: 0.1, y: 0.5, width: 0.3, height: 0.02 }],
    folder_id: null,
    author_name: 'Ada Lovelace',
    is_mine: true,
    created_at: now,
    updated_at: now,
    anchor: 'placed',
    abilities: { edit: true, delete: true },
    thread: null,
    ...overrides,
  };
}

const sharedFolder: TSharedFolder = {
  folder_id: 9,
  name: 'Reading group',
  is_public: false,
  users: [],
  role: 'commenter',
  abilities: { view: true, comment: true, edit: false, manage: false },
};

const reply = (overrides: Partial<TAnnotationReply> = {}): TAnnotationReply => ({
  id: 50,
  annotation_id: 3,
  content: 'Agreed, see section 3',
  author_name: 'Bob Builder',
  is_mine: false,
  created_at: now,
  abilities: { delete: false },
  ...overrides,
});

const marks = [
  buildMark({ id: 1, page: 2, note: 'Key claim', color: 'green' }),
  buildMark({ id: 2, page: 1, quote: { exact: 'scaled dot-product', prefix: '', suffix: '' }, note: 'Formula here' }),
  buildMark({
    id: 3,
    page: 2,
    kind: 'note',
    color: 'blue',
    author_name: 'Bob Builder',
    is_mine: false,
    note: 'Compare with RNNs',
    quote: { exact: 'recurrent layers', prefix: '', suffix: '' },
    folder_id: 9,
    abilities: { edit: false, delete: false },
    thread: { resolved: false, reply_count: 1, unread_count: 2, can_reply: true },
  }),
  buildMark({ id: 4, page: 3, anchor: 'orphaned', quote: { exact: 'lost words', prefix: '', suffix: '' } }),
];

function mockMarks(list: TAnnotation[] = marks, extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/annotations': () => ({ body: list }),
    'GET /api/forum/': () => ({ body: [sharedFolder] }),
    ...(extra as object),
  });
}

const pageSection = (page: number) => screen.getByRole('list', { name: `Marks on page ${page}` }) as HTMLElement;

describe('the Annotations panel', () => {
  it('lists the marks under "Page N" headings in page order, with author, "You", note and quote', async () => {
    mockMarks();
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await screen.findByRole('heading', { name: 'Page 1' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
    ]);
    const page2 = pageSection(2);
    expect(
      within(page2)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Highlight by You', 'Note by Bob Builder']);
    expect(within(page2).getByText('Key claim')).toBeInTheDocument();
    expect(within(page2).getByText('Attention is all you need')).toBeInTheDocument();
    expect(await within(page2).findByText('Shared with Reading group')).toBeInTheDocument();
    expect(within(page2).getByText('2 unread')).toBeInTheDocument();
  });

  it('shows an orphaned mark under its page as "could not be placed"', async () => {
    mockMarks();
    renderWithApp(<AnnotationsPanel paper={paper} />);
    const page3 = await screen.findByRole('list', { name: 'Marks on page 3' });
    expect(within(page3).getByText('could not be placed')).toBeInTheDocument();
    expect(within(page3).getByText('lost words')).toBeInTheDocument();
  });

  it('filters by colour, by author and by a search of notes and quotes', async () => {
    mockMarks();
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await screen.findByRole('heading', { name: 'Page 1' });
    const colour = screen.getByRole('combobox', { name: 'Colour' });
    await userEvent.selectOptions(colour, 'Green');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Key claim')).toBeInTheDocument();
    await userEvent.selectOptions(colour, 'All colours');

    const author = screen.getByRole('combobox', { name: 'Author' });
    expect(
      within(author)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone', 'Me', 'Bob Builder']);
    await userEvent.selectOptions(author, 'Bob Builder');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Note by Bob Builder']);
    await userEvent.selectOptions(author, 'Me');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await userEvent.selectOptions(author, 'Everyone');

    const search = screen.getByRole('searchbox', { name: 'Search notes' });
    await userEvent.type(search, 'formula');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Page 1' })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'DOT-PRODUCT');
    expect(screen.getByText('scaled dot-product')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like this');
    expect(screen.getByText(NO_MATCHES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says how to make a first mark when there are none', async () => {
    mockMarks([]);
    renderWithApp(<AnnotationsPanel paper={paper} />);
    expect(await screen.findByText(NO_MARKS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Markdown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export W3C JSON' })).toBeInTheDocument();
  });

  it("offers 'Share with folder' on one's own marks only, and shares by PATCH folder_id", async () => {
    const patches: unknown[] = [];
    mockMarks(marks, {
      'PATCH /api/annotations/2': ({ body }: { body: unknown }) => {
        patches.push(body);
        return { body: buildMark({ id: 2, folder_id: 9 }) };
      },
    });
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await screen.findByRole('heading', { name: 'Page 1' });
    expect(within(pageSection(2)).getAllByRole('combobox', { name: 'Share with folder' })).toHaveLength(1);
    const share = within(pageSection(1)).getByRole('combobox', { name: 'Share with folder' });
    expect(share).toHaveValue('');
    await within(share).findByRole('option', { name: 'Reading group' });
    expect(
      within(share)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Private', 'Reading group']);
    await userEvent.selectOptions(share, 'Reading group');
    await waitFor(() => expect(patches).toEqual([{ folder_id: 9 }]));
  });

  it("offers 'Delete mark' where the server allows it, and asks first", async () => {
    const deleted: string[] = [];
    mockMarks(marks, {
      'DELETE /api/annotations/2': ({ path }: { path: string }) => {
        deleted.push(path);
        return { status: 204 };
      },
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await screen.findByRole('heading', { name: 'Page 1' });
    expect(within(pageSection(2)).getAllByRole('button', { name: 'Delete mark' })).toHaveLength(1);
    await userEvent.click(within(pageSection(1)).getByRole('button', { name: 'Delete mark' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_MARK_CONFIRM);
    await waitFor(() => expect(deleted).toEqual(['/api/annotations/2']));
  });
});

describe("a shared mark's thread in the panel", () => {
  const openThread = async () => {
    await screen.findByRole('heading', { name: 'Page 2' });
    const toggle = within(pageSection(2)).getByRole('button', { name: /1 reply/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  };

  it('shows the replies, marks the thread read, and lets a commenter reply and resolve', async () => {
    const calls: string[] = [];
    mockMarks(marks, {
      'GET /api/annotations/3/replies': () => ({ body: [reply()] }),
      'POST /api/annotations/3/read': () => {
        calls.push('read');
        return { status: 204 };
      },
      'POST /api/annotations/3/replies': ({ body }: { body: { content: string } }) => {
        calls.push(`reply:${body.content}`);
        return { status: 201, body: reply({ id: 51, content: body.content, is_mine: true }) };
      },
      'PATCH /api/annotations/3/thread': ({ body }: { body: { resolved: boolean } }) => {
        calls.push(`resolved:${body.resolved}`);
        return { body: marks[2] as TAnnotation };
      },
    });
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await openThread();
    const thread = screen.getByRole('region', { name: 'Thread of this note' });
    expect(await within(thread).findByText('Agreed, see section 3')).toBeInTheDocument();
    expect(within(thread).getByRole('article', { name: 'Reply by Bob Builder' })).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Delete' })).toBeNull();
    await waitFor(() => expect(calls).toContain('read'));

    await userEvent.type(within(thread).getByRole('textbox', { name: 'Reply' }), 'Me too');
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(calls).toContain('reply:Me too'));
    await userEvent.click(within(thread).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls).toContain('resolved:true'));
    expect(calls.filter((call) => call === 'read')).toHaveLength(1);
  });

  it('shows a resolved thread with Reopen, and Delete on the replies the server allows', async () => {
    const resolved = marks.map((mark) =>
      mark.id === 3 ? { ...mark, thread: { resolved: true, reply_count: 1, unread_count: 0, can_reply: true } } : mark,
    );
    const calls: string[] = [];
    mockMarks(resolved, {
      'GET /api/annotations/3/replies': () => ({ body: [reply({ is_mine: true, abilities: { delete: true } })] }),
      'POST /api/annotations/3/read': () => {
        calls.push('read');
        return { status: 204 };
      },
    });
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await openThread();
    expect(within(pageSection(2)).getByText('Resolved')).toBeInTheDocument();
    const thread = screen.getByRole('region', { name: 'Thread of this note' });
    expect(await within(thread).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Resolve' })).toBeNull();
    // Nothing unread: opening it does not mark it read.
    expect(calls).toEqual([]);
  });

  it('is read-only for a viewer: no reply box, no Resolve', async () => {
    const readOnly = marks.map((mark) =>
      mark.id === 3
        ? { ...mark, thread: { resolved: false, reply_count: 1, unread_count: 0, can_reply: false } }
        : mark,
    );
    mockMarks(readOnly, { 'GET /api/annotations/3/replies': () => ({ body: [reply()] }) });
    renderWithApp(<AnnotationsPanel paper={paper} />);
    await openThread();
    const thread = screen.getByRole('region', { name: 'Thread of this note' });
    expect(await within(thread).findByText('Agreed, see section 3')).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(within(thread).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(thread).queryByRole('button', { name: 'Reopen' })).toBeNull();
  });
});
