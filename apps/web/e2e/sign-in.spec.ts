import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { accountButton, headerSignInButton, logOut, signInAs } from './support/google';
import { api, folderToggle, openApp, openPanel } from './support/library';

const storedUser = (page: import('@playwright/test').Page) => page.evaluate(() => localStorage.getItem('user'));
const storedId = (page: import('@playwright/test').Page) => page.evaluate(() => localStorage.getItem('X-User-ID'));

test('[SIGN-IN] sign in keeps the anonymous library, the profile shows the account, logout starts over', async ({
  page,
}) => {
  const anonymousId = await openApp(page);
  const folderName = `Before sign-in ${Date.now()}`;
  await api(page.request, anonymousId).createFolder(folderName);

  // requirements §4: the credential is exchanged, the user stored, the page reloaded; user_id is the new X-User-ID.
  await expect(headerSignInButton(page)).toBeVisible();
  const signedInId = await signInAs(page, 'alice@example.test');
  expect(signedInId).not.toBe(anonymousId);
  const user = JSON.parse((await storedUser(page)) ?? 'null');
  expect(user).toMatchObject({ email: 'alice@example.test', name: 'Alice', picture: null, user_id: signedInId });
  await expect(accountButton(page)).toContainText('Alice');
  await expect(accountButton(page).locator('.avatar')).toHaveText('A');
  await expect(headerSignInButton(page)).toHaveCount(0);
  // The anonymous id was replaced: the server refuses it now.
  expect((await page.request.get('/api/folders', { headers: { 'X-User-ID': anonymousId } })).status()).toBe(401);

  // What was made anonymously is still there.
  await openPanel(page);
  await expect(folderToggle(page, folderName)).toBeVisible();
  await page.getByRole('button', { name: /^File List/ }).click();

  // The dropdown: Esc closes it, then Profile opens /profile.
  await accountButton(page).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Account' })).toHaveCount(0);
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const account = page.getByRole('region', { name: 'Account', exact: true });
  await expect(account.getByRole('heading', { name: 'Alice' })).toBeVisible();
  await expect(account).toContainText('alice@example.test');
  const profile = await (await page.request.get('/api/profile', { headers: { 'X-User-ID': signedInId } })).json();
  expect(profile.counts.folders).toBeGreaterThanOrEqual(1);
  const library = page.getByRole('region', { name: 'Your library' });
  await expect(library.locator('.profile-stat', { hasText: 'Folders' }).locator('dd')).toHaveText(
    String(profile.counts.folders),
  );

  // Export my data: a JSON file named paperbench-export.json, about Alice.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('paperbench-export.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported.user.email).toBe('alice@example.test');
  expect(JSON.stringify(exported.data)).toContain(folderName);

  // requirements §4 logout: cached user and id cleared, a new anonymous id, the sign-in button again.
  await logOut(page);
  expect(await storedUser(page)).toBeNull();
  const afterLogoutId = await storedId(page);
  expect(afterLogoutId).toBeTruthy();
  expect(afterLogoutId).not.toBe(signedInId);
  expect((await page.request.get('/api/folders', { headers: { 'X-User-ID': signedInId } })).status()).toBe(401);
  await expect(accountButton(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(
    'You are anonymous on this browser',
  );
});

test('[SIGN-IN] a corrupted cached user is removed and the page shows signed out', async ({ page }) => {
  await openApp(page);
  for (const corrupted of ['{not json', JSON.stringify({ email: 'x@example.test', name: 'X' })]) {
    await page.evaluate((value) => localStorage.setItem('user', value), corrupted);
    await page.reload();
    await expect(headerSignInButton(page)).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
    expect(await storedUser(page)).toBeNull();
  }
});

test('[SIGN-IN] a refused credential shows why and keeps the anonymous id', async ({ page }) => {
  const anonymousId = await openApp(page);
  await page.evaluate(() => localStorage.setItem('fake-google-expired', '1'));
  await headerSignInButton(page).click();
  await expect(page.getByRole('banner').getByRole('alert')).toContainText('Sign-in failed');
  expect(await storedId(page)).toBe(anonymousId);
  expect(await storedUser(page)).toBeNull();
  expect((await page.request.get('/api/folders', { headers: { 'X-User-ID': anonymousId } })).status()).toBe(200);
});

test('[SIGN-IN] the library downloads as BibTeX, and the account can be deleted', async ({ page }) => {
  const email = `delete-${Date.now()}@example.test`;
  await openApp(page);
  const signedInId = await signInAs(page, email);
  await page.goto('/profile');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download library (BibTeX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.bib$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill('delete my account');
  await Promise.all([page.waitForURL((url) => url.pathname === '/'), confirm.click()]);
  await expect(headerSignInButton(page)).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  expect(await storedId(page)).not.toBe(signedInId);
  expect((await page.request.get('/api/folders', { headers: { 'X-User-ID': signedInId } })).status()).toBe(401);
});

test('[SIGN-IN] at 390 px the account shows as an avatar whose menu stays on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openApp(page);
  await signInAs(page, `narrow-${Date.now()}@example.test`);
  await expect(accountButton(page).locator('.account-name')).toBeHidden();
  await accountButton(page).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeInViewport({ ratio: 1 });
  // A click outside closes it.
  await page.getByRole('banner').click({ position: { x: 4, y: 4 } });
  await expect(menu).toHaveCount(0);
});
