import { expect, test } from '@playwright/test';

test('[404] an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Paperbench');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Papers' })).toBeVisible();
});

test('[404] a folder id that is not all digits shows the 404 page', async ({ page }) => {
  await page.goto('/rwf/12ab');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/rwf/12');
  await expect(page.getByRole('heading', { name: 'Shared Folder' })).toBeVisible();
});
