import { expect, test } from '@playwright/test';
import { accountButton, signInAs } from './support/google';
import { openApp } from './support/library';

/**
 * docs/deploy.md#the-admin-page: an administrator (ADMIN_EMAILS in playwright.config.ts) disables a user from
 * /admin and sees the audit entry; the disabled user's session is refused. Anyone else has no Admin link and
 * /admin is the 404 page.
 */
test('[ADMIN] an administrator disables a user and sees the audit entry', async ({ page, browser, baseURL }) => {
  // The user to disable, signed in in a browser of their own.
  const victimContext = await browser.newContext({ baseURL });
  const victimPage = await victimContext.newPage();
  await openApp(victimPage);
  const victimId = await signInAs(victimPage, 'victim@example.test');
  expect((await victimPage.request.get('/api/folders', { headers: { 'X-User-ID': victimId } })).status()).toBe(200);

  await openApp(page);
  await signInAs(page, 'admin@example.test');
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Server overview' })).toBeVisible();
  await expect(page).toHaveTitle('Admin · Paperbench');

  await page.getByRole('searchbox', { name: 'Search users' }).fill('victim');
  const users = page.getByRole('list', { name: 'Users' });
  const row = users.getByRole('listitem').filter({ hasText: 'victim@example.test' });
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  const audit = page.getByRole('list', { name: 'Audit log' });
  const entry = audit.getByRole('listitem').first();
  await expect(entry).toContainText('Disabled');
  await expect(entry).toContainText('victim@example.test');
  await expect(entry).toContainText('by admin@example.test');

  const refused = await victimPage.request.get('/api/folders', { headers: { 'X-User-ID': victimId } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('disabled by an administrator');
  await victimContext.close();
});

test('[ADMIN] a non-admin has no Admin link, and /admin is not found', async ({ page }) => {
  await openApp(page);
  // The account menu asks GET /api/profile whether to link /admin, once signed in.
  const profileAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/profile');
  const id = await signInAs(page, 'reader@example.test');
  expect((await (await profileAnswered).json()).is_admin).toBe(false);
  await accountButton(page).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // The tab does not say what the page would be either.
  await expect(page).toHaveTitle('Page Not Found · Paperbench');
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/users', { headers: { 'X-User-ID': id } })).status()).toBe(404);
});
