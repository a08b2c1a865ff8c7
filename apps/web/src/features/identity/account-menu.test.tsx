import type { TProfile } from '@paperbench/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { AccountMenu } from './account-menu';

const alice = { email: 'alice@example.test', name: 'Alice Liddell', picture: null, user_id: 'aliceUserId_0123456789' };
const counts = {
  folders: 0,
  papers: 0,
  uploads: 0,
  topics: 0,
  chat_sessions: 0,
  review_sessions: 0,
  ideas: 0,
  comments: 0,
  shared_folders: 0,
  shared_with_me: 0,
};
const profile = (isAdmin: boolean): TProfile => ({
  user: { email: alice.email, name: alice.name, picture: null, signed_in_at: '2026-01-01T00:00:00.000Z' },
  counts,
  is_admin: isAdmin,
});

afterEach(() => vi.restoreAllMocks());

/** docs/deploy.md#the-admin-page: the account menu links /admin for administrators only. */
describe('account menu', () => {
  it.each([
    [true, ['Profile', 'Admin', 'Logout']],
    [false, ['Profile', 'Logout']],
  ])('with is_admin %s offers %j', async (isAdmin, items) => {
    const fetchMock = mockApi({ 'GET /api/profile': () => ({ body: profile(isAdmin) }) });
    renderWithApp(<AccountMenu user={alice} />);
    await userEvent.click(screen.getByRole('button', { name: `Account: ${alice.name}` }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    if (isAdmin) expect(await within(menu).findByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    // The non-admin's answer has arrived (and been rendered) before the menu is read.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(items);
  });
});
