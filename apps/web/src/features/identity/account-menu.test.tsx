import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { emptyProfileOf } from '../../test/profile-fixtures';
import { renderWithApp } from '../../test/render-app';
import { AccountMenu } from './account-menu';

const alice = { email: 'alice@example.test', name: 'Alice Liddell', picture: null, user_id: 'aliceUserId_0123456789' };
const profile = (isAdmin: boolean) => emptyProfileOf(alice, { isAdmin });

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
