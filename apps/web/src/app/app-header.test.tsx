import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api';
import { renderWithApp } from '../test/render-app';
import { AppHeader } from './app-header';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  mockApi({
    'GET /api/metrics/site-metric': () => ({ body: { total: 5, last5: [1, 1, 1, 1, 1] } }),
    'GET /api/auth/config': () => ({ body: { google_client_id: null, gsi_script_url: '', oidc: null } }),
    'GET /api/folders': () => ({ body: [] }),
  });
});

describe('AppHeader (requirements §2 Header)', () => {
  it('has the six spec links in order, then the Research tools menu', async () => {
    renderWithApp(<AppHeader />, '/monitor');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Chat', '/chat'],
      ['Conversational Search', '/conversational-search'],
      ['Paper Monitor', '/monitor'],
      ['Daily Feed', '/daily-feed'],
      ['Contact Us', '/contact'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Paper Monitor' })).toHaveAttribute('aria-current', 'page');
    const tools = within(nav).getByRole('button', { name: 'Tools' });
    await userEvent.click(tools);
    expect(
      within(nav)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(['/review', '/sci', '/grants', '/rwf', '/recommendations']);
  });

  it('has a Menu for phones with every link (CSS shows it in place of the links)', async () => {
    renderWithApp(<AppHeader />, '/');
    const menuButton = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', {
      name: 'Menu',
    });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('menu', { name: 'Menu' })).getAllByRole('menuitem')).toHaveLength(11);
  });
});
