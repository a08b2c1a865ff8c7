import type { TSharedFolder } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedFolder } from '../../test/forum-fixtures';
import { mockApi } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { useSharedFolderQuery } from './api';
import { MembersManager } from './members-manager';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** The manager over the cached folder, as the dialog and /rwf/{id} use it. */
function Harness() {
  const query = useSharedFolderQuery(7);
  return query.data ? <MembersManager folder={query.data} /> : null;
}

const requests = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname,
      body: JSON.parse(String(init?.body)),
    }));

function withServer(initial: TSharedFolder = sharedFolder()) {
  let current = initial;
  const set = (users: TSharedFolder['users']) => {
    current = { ...current, users };
    return current;
  };
  const fetchMock = mockApi({
    'GET /api/forum/7': () => ({ body: current }),
    'POST /api/forum/7/add_user': ({ body }) => {
      if (current.users.some((u) => u.email === body.email)) {
        return { status: 409, body: { error: 'CONFLICT', message: `${body.email} already has a role here.` } };
      }
      return { status: 201, body: set([...current.users, { email: body.email, role: body.role, name: null }]) };
    },
    'PATCH /api/forum/7/update_user_role': ({ body }) => ({
      body: set(current.users.map((u) => (u.email === body.email ? { ...u, role: body.role } : u))),
    }),
    'DELETE /api/forum/7/remove_user': ({ body }) => ({
      body: set(current.users.filter((u) => u.email !== body?.email)),
    }),
  });
  return fetchMock;
}

describe('MembersManager (requirements §6: roles added, updated or removed by email)', () => {
  it('lists the owner without controls and the members with a role select and Remove', async () => {
    withServer();
    renderWithApp(<Harness />);
    const list = await screen.findByRole('list', { name: 'Members' });
    const [owner, bob] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(owner).toHaveTextContent('Ada');
    expect(owner).toHaveTextContent('Owner');
    expect(within(owner as HTMLElement).queryByRole('combobox')).toBeNull();
    expect(within(owner as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(bob as HTMLElement).getByRole('combobox', { name: 'Role of bob@example.org' })).toHaveValue(
      'commenter',
    );
  });

  it('adds a person by email with the chosen role', async () => {
    const fetchMock = withServer();
    renderWithApp(<Harness />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email of the person to add' }), 'Cy@Example.org');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of the person to add' }), 'editor');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('combobox', { name: 'Role of cy@example.org' })).toHaveValue('editor');
    expect(requests(fetchMock, 'POST')).toEqual([
      { path: '/api/forum/7/add_user', body: { email: 'cy@example.org', role: 'editor' } },
    ]);
    expect(screen.getByRole('textbox', { name: 'Email of the person to add' })).toHaveValue('');
  });

  it('refuses a malformed email with a clear message and sends nothing', async () => {
    const fetchMock = withServer();
    renderWithApp(<Harness />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email of the person to add' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an email address');
    expect(requests(fetchMock, 'POST')).toEqual([]);
  });

  it("shows the server's refusal (409: already a member)", async () => {
    withServer();
    renderWithApp(<Harness />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email of the person to add' }), 'bob@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bob@example.org already has a role here.');
  });

  it("changes a member's role", async () => {
    const fetchMock = withServer();
    renderWithApp(<Harness />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of bob@example.org' }), 'viewer');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of bob@example.org' })).toHaveValue('viewer'),
    );
    expect(requests(fetchMock, 'PATCH')).toEqual([
      { path: '/api/forum/7/update_user_role', body: { email: 'bob@example.org', role: 'viewer' } },
    ]);
  });

  it('removes a member after a confirm; a refused confirm keeps them', async () => {
    const fetchMock = withServer();
    vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderWithApp(<Harness />);
    const remove = await screen.findByRole('button', { name: 'Remove bob@example.org' });
    await userEvent.click(remove);
    expect(requests(fetchMock, 'DELETE')).toEqual([]);
    await userEvent.click(remove);
    await waitFor(() => expect(screen.queryByText('bob@example.org')).toBeNull());
    expect(requests(fetchMock, 'DELETE')).toEqual([
      { path: '/api/forum/7/remove_user', body: { email: 'bob@example.org' } },
    ]);
  });
});
