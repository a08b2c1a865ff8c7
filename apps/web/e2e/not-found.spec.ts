import { expect, test } from '@playwright/test';

test('[404] an unknown path shows the 404 page', async ({ page }) => {
  // docs/security.md#browser-headers: the server says 404 too (the route patterns are shared), with the app's HTML.
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Paperbench');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Papers' })).toBeVisible();
});

test('[404] a folder id that is not all digits shows the 404 page', async ({ page }) => {
  expect((await page.goto('/rwf/12ab'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  // A well-formed id is the app's route (200); a folder that does not exist (API 404) is the app's 404 page.
  expect((await page.goto('/rwf/12'))?.status()).toBe(200);
  await expect(page).toHaveTitle('Shared Folder · Paperbench');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
