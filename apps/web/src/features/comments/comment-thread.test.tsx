import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { folderComment } from '../../test/forum-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { CommentThread, DELETE_COMMENT_CONFIRM } from './comment-thread';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const folderThread = (canComment = true) => (
  <CommentThread
    target={{ kind: 'shared', folderId: 7 }}
    canComment={canComment}
    readOnlyHint="Sign in to join the discussion."
  />
);

describe('CommentThread', () => {
  it('lists comments oldest first with author, relative time and a "you" marker', async () => {
    mockApi({
      'GET /api/comments/shared/7': () => ({
        body: [
          folderComment({ id: 1, content: 'First', author_name: 'Bob' }),
          folderComment({ id: 2, content: 'Second', author_name: 'Ada', is_mine: true }),
        ],
      }),
    });
    renderWithApp(folderThread());
    const list = await screen.findByRole('list', { name: 'Comments' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByText(/First|Second/).textContent)).toEqual(['First', 'Second']);
    expect(within(items[0] as HTMLElement).queryByText('you')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('you')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('shows markup as text, never as HTML', async () => {
    const content = '<script>alert("x")</script><img src=x onerror=alert(1)> <b>bold</b>';
    mockApi({ 'GET /api/comments/shared/7': () => ({ body: [folderComment({ content })] }) });
    const { container } = renderWithApp(folderThread());
    expect(await screen.findByText(content)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('makes http(s) links clickable, safely, and leaves javascript: as text', async () => {
    mockApi({
      'GET /api/comments/shared/7': () => ({
        body: [folderComment({ content: 'See https://arxiv.org/abs/1706.03762. Not javascript:alert(1)' })],
      }),
    });
    renderWithApp(folderThread());
    const link = await screen.findByRole('link', { name: 'https://arxiv.org/abs/1706.03762' });
    expect(link).toHaveAttribute('href', 'https://arxiv.org/abs/1706.03762');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
  });

  it('posts a comment with its character count, then reads the thread afresh', async () => {
    let comments = [folderComment()];
    const fetchMock = mockApi({
      'GET /api/comments/shared/7': () => ({ body: comments }),
      'POST /api/comments/shared': ({ body }) => {
        const created = folderComment({ id: 2, content: body.content, author_name: 'Ada', is_mine: true });
        comments = [...comments, created];
        return { status: 201, body: created };
      },
    });
    renderWithApp(folderThread());
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    const send = screen.getByRole('button', { name: 'Comment' });
    expect(send).toBeDisabled();
    await userEvent.type(box, '  Nice paper ');
    expect(screen.getByText('13 / 10,000')).toBeInTheDocument();
    await userEvent.click(send);
    expect(await screen.findByText('Nice paper')).toBeInTheDocument();
    expect(box).toHaveValue('');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ folderId: 7, content: 'Nice paper' });
  });

  it('refuses more than 10,000 characters before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/comments/shared/7': () => ({ body: [] }) });
    renderWithApp(folderThread());
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(10_001));
    expect(screen.getByText('10,001 / 10,000')).toHaveClass('is-over');
    expect(screen.getByRole('button', { name: 'Comment' })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's error and keeps the text", async () => {
    mockApi({
      'GET /api/comments/shared/7': () => ({ body: [] }),
      'POST /api/comments/shared': () => ({
        status: 429,
        body: { error: 'RATE_LIMITED', message: 'Too many comments. Try again in a minute.' },
      }),
    });
    renderWithApp(folderThread());
    const box = await screen.findByRole('textbox', { name: 'Add a comment' });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many comments. Try again in a minute.');
    expect(box).toHaveValue('Hello');
  });

  it('replies to a top-level comment (one level: replies have no Reply)', async () => {
    let comments = [folderComment({ id: 1, content: 'Top' })];
    const fetchMock = mockApi({
      'GET /api/comments/shared/7': () => ({ body: comments }),
      'POST /api/comments/shared': ({ body }) => {
        const created = folderComment({
          id: 2,
          content: body.content,
          parent_id: body.parent_id == null ? null : Number(body.parent_id),
        });
        comments = [...comments, created];
        return { status: 201, body: created };
      },
    });
    renderWithApp(folderThread());
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Bob' }), 'A reply');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Bob' });
    await waitFor(() => expect(replies).toHaveTextContent('A reply'));
    expect(screen.queryByRole('textbox', { name: 'Reply to Bob' })).toBeNull();
    expect(within(replies).queryByRole('button', { name: 'Reply' })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ folderId: 7, content: 'A reply', parent_id: 1 });
  });

  it('deletes only when allowed, after a confirm; a refused confirm sends nothing', async () => {
    let comments = [
      folderComment({ id: 1, content: 'Mine', is_mine: true, abilities: { delete: true } }),
      folderComment({ id: 2, content: 'Theirs' }),
    ];
    const fetchMock = mockApi({
      'GET /api/comments/shared/7': () => ({ body: comments }),
      'DELETE /api/comments/shared/1': () => {
        comments = comments.filter((c) => c.id !== 1);
        return { body: { ok: true } };
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithApp(folderThread());
    await screen.findByText('Theirs');
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    expect(deletes).toHaveLength(1);
    await userEvent.click(deletes[0] as HTMLElement);
    expect(confirm).toHaveBeenCalledWith(DELETE_COMMENT_CONFIRM);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(deletes[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Mine')).toBeNull());
    expect(screen.getByText('Theirs')).toBeInTheDocument();
  });

  it('without the right to comment: no box, no Reply, the hint instead', async () => {
    mockApi({ 'GET /api/comments/shared/7': () => ({ body: [folderComment()] }) });
    renderWithApp(folderThread(false));
    await screen.findByText('A first comment');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.getByText('Sign in to join the discussion.')).toBeInTheDocument();
  });

  it('reads and writes paper comments with the platform', async () => {
    const fetchMock = mockApi({
      'GET /api/comments/paper/math%2F0601001': () => ({ body: [] }),
      'POST /api/comments/paper': ({ body }) => ({
        status: 201,
        body: {
          id: 3,
          content: body.content,
          author_name: 'Anonymous',
          is_mine: true,
          created_at: new Date().toISOString(),
          parent_id: null,
          abilities: { delete: true },
          paperId: body.paperId,
          platform: body.platform ?? 'arxiv',
        },
      }),
    });
    renderWithApp(
      <CommentThread target={{ kind: 'paper', paper: { paper_id: 'math/0601001', platform: 'arxiv' } }} canComment />,
    );
    await screen.findByText('No comments yet.');
    const get = fetchMock.mock.calls[0]?.[0];
    expect(String(get)).toContain('/api/comments/paper/math%2F0601001?platform=arxiv');
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Classic');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      paperId: 'math/0601001',
      platform: 'arxiv',
      content: 'Classic',
    });
  });
});
