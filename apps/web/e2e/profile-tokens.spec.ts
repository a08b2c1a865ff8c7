import { expect, test } from '@playwright/test';
import { api, openApp } from './support/library';

/**
 * docs/security.md#personal-access-tokens, end to end: a token made on /profile acts as this browser's user
 * with `Authorization: Bearer`, within its scopes, until it is revoked there.
 */
test('[TOKENS] a token created on the profile works as Bearer, and stops working once revoked', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const userId = await openApp(page, '/profile');
  await api(request, userId).createFolder('Token reading list');

  const card = page.getByRole('region', { name: 'API tokens' });
  await expect(card.getByText('No tokens yet.')).toBeVisible();
  await card.getByRole('textbox', { name: 'Token name' }).fill('E2E script');
  await expect(card.getByRole('checkbox', { name: 'Read' })).toBeChecked();
  await card.getByRole('button', { name: 'Create token' }).click();

  // The secret, once: read from the box and from the clipboard after Copy token.
  const panel = card.getByRole('status', { name: 'Copy your new token now: it will not be shown again.' });
  const secretBox = panel.getByRole('textbox', { name: 'New token' });
  await expect(secretBox).toHaveValue(/^pbt_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  await panel.getByRole('button', { name: 'Copy token' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(secret);

  const list = card.getByRole('list', { name: 'Your tokens' });
  const row = list.getByRole('listitem').filter({ hasText: 'E2E script' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Never used');

  // The token acts as this user: their folders, with Read only; a write needs the Write scope.
  const asToken = { Authorization: `Bearer ${secret}` };
  const folders = await request.get('/api/folders', { headers: asToken });
  expect(folders.status()).toBe(200);
  expect(JSON.stringify(await folders.json())).toContain('Token reading list');
  expect((await request.post('/api/folders/', { headers: asToken, data: { name: 'Not allowed' } })).status()).toBe(403);

  // Done lets the secret go; the list, read afresh, says the token was used.
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'New token' })).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText('Last used');
  await expect(row).not.toContainText('Never used');
  await expect(page.locator('body')).not.toContainText(secret);

  // Revoke asks first; Cancel keeps the token working.
  await row.getByRole('button', { name: 'Revoke E2E script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke token' });
  await expect(dialog).toContainText('stops working');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get('/api/folders', { headers: asToken })).status()).toBe(200);

  await row.getByRole('button', { name: 'Revoke E2E script' }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('No tokens yet.')).toBeVisible();
  expect((await request.get('/api/folders', { headers: asToken })).status()).toBe(401);
});
