import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { unfollowTopic } from './api';
import { FollowTopicForm } from './follow-topic-form';

describe('FollowTopicForm', () => {
  it('says what is wrong with an empty or too long topic, without calling the API', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<FollowTopicForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Type a topic to follow');
    await user.click(screen.getByLabelText('Follow a topic'));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 100 characters; this one has 101');
    expect(screen.getByLabelText('Follow a topic')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows the trimmed topic, clears the field and reports it', async () => {
    const onFollowed = vi.fn();
    const fetchMock = mockApi({
      'POST /api/topics': ({ body }) => ({ body: { topics: [(body as { topic: string }).topic] } }),
    });
    renderWithApp(<FollowTopicForm onFollowed={onFollowed} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Follow a topic'), '  graph neural networks ');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await vi.waitFor(() => expect(onFollowed).toHaveBeenCalledWith('graph neural networks'));
    expect(screen.getByLabelText('Follow a topic')).toHaveValue('');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/topics')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ topic: 'graph neural networks' });
  });

  it('shows the API’s message when it refuses (the topic cap)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /api/topics': () => ({
        status: 409,
        body: { error: 'CONFLICT', message: 'You already follow 100 topics, the most allowed' },
      }),
    });
    renderWithApp(<FollowTopicForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Follow a topic'), 'one more');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already follow 100 topics, the most allowed');
  });
});

describe('unfollowTopic (requirements §8)', () => {
  it('returns false on failure instead of throwing, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'DELETE /api/topics/a%2Fb': () => ({ status: 500, body: { error: 'INTERNAL', message: 'boom' } }) });
    expect(await unfollowTopic('a/b')).toBe(false);
    expect(log).toHaveBeenCalled();
  });

  it('URL-encodes the topic and returns the API’s ok', async () => {
    mockApi({ 'DELETE /api/topics/a%2Fb': () => ({ body: { ok: true } }) });
    expect(await unfollowTopic('a/b')).toBe(true);
  });
});
