import { expect, test } from '@playwright/test';

test('[AI STATUS] the chat says which AI answers and leads to its scorecard page', async ({ page }) => {
  await page.goto('/chat');
  // This server has no model and no `pnpm eval` run yet (a fresh database).
  await expect(page.getByText('Extractive answers')).toBeVisible();
  await expect(page.getByText('Not measured yet')).toBeVisible();
  await page.getByRole('link', { name: 'AI status' }).click();

  await expect(page).toHaveURL(/\/settings\/ai$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No AI model configured' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not measured yet' })).toBeVisible();
  await expect(page.getByText('pnpm eval', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('AI Status · Paperbench');
});
