import { expect, test } from '@playwright/test';
import { accountButton } from './support/google';
import { api, folderToggle, openApp, openPanel } from './support/library';

/**
 * docs/security.md#openid-connect in a real browser against a real provider (e2e/support/fake-oidc.mjs):
 * the header's "Sign in with Lab SSO" goes to the provider, and its answer brings the page back signed in,
 * with the anonymous library merged, the one-time code gone from the address bar and the old id refused.
 */
const oidcButton = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Sign in with Lab SSO' });

test('[OIDC] sign in with the lab provider, back on the same page with the anonymous library', async ({ page }) => {
  const anonymousId = await openApp(page, '/monitor');
  const folderName = `Before lab sign-in ${Date.now()}`;
  await api(page.request, anonymousId).createFolder(folderName);
  const email = `grace.hopper@lab-${Date.now()}.example`;

  await oidcButton(page).click();
  await expect(page.getByRole('heading', { name: 'Lab SSO' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  // Back on /monitor (one load), then the page reloads as the named user (a second).
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => loads).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveURL(/\/monitor$/);

  await expect(accountButton(page)).toContainText('Grace Hopper');
  expect(new URL(page.url()).hash).toBe('');
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(user).toMatchObject({ email, name: 'Grace Hopper' });
  expect(user.user_id).not.toBe(anonymousId);
  expect((await page.request.get('/api/folders', { headers: { 'X-User-ID': anonymousId } })).status()).toBe(401);
  await expect(oidcButton(page)).toHaveCount(0);
  await openPanel(page);
  await expect(folderToggle(page, folderName)).toBeVisible();
});

test('[OIDC] a callback with a forged state comes back with the reason and changes nothing', async ({ page }) => {
  const anonymousId = await openApp(page);
  await page.goto('/api/auth/oidc/callback?state=forged&code=nothing');
  await expect(page.getByRole('alert')).toContainText(
    'Sign-in refused: the state is unknown, expired or already used; sign in again',
  );
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('X-User-ID'))).toBe(anonymousId);
  await expect(oidcButton(page)).toBeVisible();
});
