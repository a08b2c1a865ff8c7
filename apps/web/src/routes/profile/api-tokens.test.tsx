import type { TCreatedToken, TToken } from '@paperbench/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type TMockHandler } from '../../test/mock-api';
import { renderWithApp } from '../../test/render-app';
import { ApiTokens } from './api-tokens';

const SECRET = `pbt_${'s3cr3tS3cr3t_-'.repeat(3)}x`;
const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-11-29T10:00:00.000Z');

const token = (overrides: Partial<TToken> = {}): TToken => ({
  id: 5,
  name: 'Laptop scripts',
  scopes: ['read', 'write'],
  prefix: 'pbt_abcd1234',
  created_at: '2026-11-01T09:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-12-31T09:00:00.000Z',
  ...overrides,
});

type THandlers = {
  list?: TMockHandler<'GET /api/tokens'>;
  create?: TMockHandler<'POST /api/tokens'>;
  revoke?: TMockHandler<'DELETE /api/tokens/5'>;
};

/** A server holding `tokens`: creation adds one (id 9, this secret), revocation removes it. */
function mockTokensApi(initial: TToken[], handlers: THandlers = {}) {
  let tokens = [...initial];
  return mockApi({
    'GET /api/tokens': handlers.list ?? (() => ({ body: { tokens } })),
    'POST /api/tokens':
      handlers.create ??
      (({ body }) => {
        const created: TCreatedToken = {
          ...token({ id: 9, prefix: 'pbt_newtoken', created_at: new Date(NOW).toISOString() }),
          name: body.name,
          scopes: body.scopes,
          expires_at: body.expires_at ?? null,
          token: SECRET,
        };
        const { token: _secret, ...listed } = created;
        tokens = [listed, ...tokens];
        return { status: 201, body: created };
      }),
    'DELETE /api/tokens/5':
      handlers.revoke ??
      (() => {
        tokens = tokens.filter((item) => item.id !== 5);
        return { status: 204 };
      }),
  });
}

const requestsTo = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/api/tokens') && init?.method === method);

const renderTokens = () => renderWithApp(<ApiTokens />, '/profile');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('API tokens on /profile', () => {
  it('explains tokens, starts with Read and 30 days, and says when there are none', async () => {
    mockTokensApi([]);
    renderTokens();
    const card = screen.getByRole('region', { name: 'API tokens' });
    expect(card).toHaveTextContent(/scripts, the typed API client and AI assistants \(over MCP\)/);
    expect(card).toHaveTextContent('A token acts as you');
    expect(await within(card).findByText('No tokens yet.')).toBeInTheDocument();
    const scopes = within(card).getByRole('group', { name: 'Scopes' });
    expect(within(scopes).getByRole('checkbox', { name: 'Read' })).toBeChecked();
    expect(within(scopes).getByRole('checkbox', { name: 'Read' })).toHaveAccessibleDescription(
      'Search, papers, folders and the feed.',
    );
    expect(within(scopes).getByRole('checkbox', { name: 'Write' })).not.toBeChecked();
    expect(within(scopes).getByRole('checkbox', { name: 'AI' })).not.toBeChecked();
    const expires = within(card).getByRole('combobox', { name: 'Expires' });
    expect(expires).toHaveDisplayValue('30 days');
    expect(
      within(expires)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['30 days', '90 days', '1 year', 'Never']);
  });

  it('refuses a token without a name or without a scope, inline, and sends nothing', async () => {
    const fetchMock = mockTokensApi([]);
    const user = userEvent.setup();
    renderTokens();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const name = screen.getByRole('textbox', { name: 'Token name' });
    expect(name).toHaveAccessibleDescription(/Give the token a name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(name).toHaveAccessibleDescription(/Give the token a name/);

    await user.type(name, 'CI job');
    expect(name).not.toHaveAccessibleDescription(/Give the token a name/);
    await user.click(screen.getByRole('checkbox', { name: 'Read' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription('Choose at least one scope.');
    expect(screen.getByRole('checkbox', { name: 'Read' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST')).toHaveLength(0);
  });

  it('creates a token, shows its secret once with Copy and Done, and keeps it nowhere else', async () => {
    const fetchMock = mockTokensApi([token()]);
    const user = userEvent.setup();
    const { queryClient } = renderTokens();
    await screen.findByRole('list', { name: 'Your tokens' });
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), '  Claude Desktop ');
    await user.click(screen.getByRole('checkbox', { name: 'AI' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), '90 days');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const panel = await screen.findByRole('status', { name: 'Copy your new token now: it will not be shown again.' });
    const secretBox = within(panel).getByRole('textbox', { name: 'New token' });
    expect(secretBox).toHaveValue(SECRET);
    expect(secretBox).toHaveAttribute('readonly');
    expect(secretBox).toHaveFocus();
    const [[, init]] = requestsTo(fetchMock, 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Claude Desktop',
      scopes: ['read', 'ai'],
      expires_at: new Date(NOW + 90 * DAY).toISOString(),
    });
    // The form steps aside while the secret is on show.
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(panel).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Your tokens' });
    await waitFor(() => expect(list).toHaveTextContent('Claude Desktop'));
    expect(list).toHaveTextContent('pbt_newtoken…');

    // The secret is in the panel only: not in storage, the query cache or the mutation cache.
    const caches = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.data),
    ]);
    expect(caches).not.toContain(SECRET);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(SECRET);

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    // A fresh form, focused: empty name, Read only, 30 days.
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'AI' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Expires' })).toHaveDisplayValue('30 days');
  });

  it('sends no expiry for Never', async () => {
    const fetchMock = mockTokensApi([]);
    const user = userEvent.setup();
    renderTokens();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'Forever');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByRole('textbox', { name: 'New token' });
    const [[, init]] = requestsTo(fetchMock, 'POST') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ expires_at: null });
  });

  it.each([
    [409, 'QUOTA_EXCEEDED', 'You have 20 live tokens; revoke one first.'],
    [429, 'RATE_LIMITED', 'Too many requests; try again in a minute.'],
  ] as const)('shows the server refusal %i in its words and keeps the form', async (status, error, message) => {
    mockTokensApi([], { create: () => ({ status, body: { error, message } }) });
    const user = userEvent.setup();
    renderTokens();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`The token was not created: ${message}`);
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveValue('One too many');
    expect(screen.queryByRole('textbox', { name: 'New token' })).toBeNull();
  });

  it('lists each token with its scopes, prefix, dates, and Never used / Never / Expired', async () => {
    mockTokensApi([
      token(),
      token({ id: 6, name: 'Old', scopes: ['ai'], last_used_at: '2026-11-29T07:00:00.000Z', expires_at: null }),
      token({ id: 7, name: 'Gone', expires_at: '2026-11-28T00:00:00.000Z' }),
    ]);
    renderTokens();
    const list = await screen.findByRole('list', { name: 'Your tokens' });
    const [laptop, old, gone] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(laptop).toHaveTextContent('Laptop scripts');
    expect(within(laptop as HTMLElement).getByRole('list', { name: 'Scopes' })).toHaveTextContent('ReadWrite');
    expect(laptop).toHaveTextContent('pbt_abcd1234…');
    expect(laptop).toHaveTextContent('CreatedNov 1, 2026');
    expect(laptop).toHaveTextContent('Last usedNever used');
    expect(laptop).toHaveTextContent('ExpiresDec 31, 2026');
    expect(old).toHaveTextContent('Last used3 hours ago');
    expect(old).toHaveTextContent('ExpiresNever');
    expect(within(gone as HTMLElement).getByText('Expired')).toHaveClass('token-expired');
    expect(within(list).getByRole('button', { name: 'Revoke Old' })).toBeInTheDocument();
  });

  it('revokes only after the confirmation, and Cancel changes nothing', async () => {
    const fetchMock = mockTokensApi([token(), token({ id: 6, name: 'Other' })]);
    const user = userEvent.setup();
    renderTokens();
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop scripts' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke token' });
    expect(dialog).toHaveTextContent('Every program using Laptop scripts stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Your tokens' })).toHaveTextContent('Laptop scripts');

    await user.click(screen.getByRole('button', { name: 'Revoke Laptop scripts' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'DELETE').map(([url]) => String(url))).toEqual(['/api/tokens/5']);
    expect(screen.getByRole('heading', { name: 'Your tokens' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Your tokens' });
    expect(list).not.toHaveTextContent('Laptop scripts');
    expect(list).toHaveTextContent('Other');
  });

  it('keeps the dialog open with the reason when the revocation fails', async () => {
    mockTokensApi([token()], {
      revoke: () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Try again soon.' } }),
    });
    const user = userEvent.setup();
    renderTokens();
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop scripts' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke token' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The token was not revoked: Try again soon.');
    expect(screen.getByRole('list', { name: 'Your tokens' })).toHaveTextContent('Laptop scripts');
  });

  it('closes the dialog without an error when the token is already gone on the server (404)', async () => {
    mockTokensApi([token()], {
      revoke: () => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Token not found' } }),
    });
    const user = userEvent.setup();
    renderTokens();
    await user.click(await screen.findByRole('button', { name: 'Revoke Laptop scripts' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke token' })).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a list that could not be loaded', async () => {
    mockTokensApi([], { list: () => ({ status: 503, body: { error: 'UNAVAILABLE', message: 'Down.' } }) });
    renderTokens();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your tokens could not be loaded: Down.');
  });
});
