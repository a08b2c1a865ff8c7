import { expect, test } from '@playwright/test';

test('[SEARCH] searching from home lands on /search?q= with ranked results', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search papers' });
  await box.fill('  graph neural network  ');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=graph%20neural%20network$/);
  await expect(page).toHaveTitle('Search · Paperbench');
  await expect(page.getByRole('combobox', { name: 'Search papers' })).toHaveValue('graph neural network');
  await expect(page.getByText(/^\d[\d,]* results? for “graph neural network”$/)).toBeVisible();
  const titles = page.locator('.search-screen article h3');
  await expect(titles.first()).toBeVisible();
  // Relevance ranking puts a paper about graph neural networks first.
  await expect(titles.first()).toContainText(/graph/i);

  await page.getByRole('button', { name: 'Date' }).click();
  await expect(page.getByRole('button', { name: 'Date' })).toHaveAttribute('aria-pressed', 'true');
  await expect(titles.first()).toBeVisible();
});

test('[SEARCH] a query that matches nothing shows the empty state', async ({ page }) => {
  await page.goto('/search?q=zzqxjvwkplorbtsnm');
  await expect(page.getByRole('heading', { name: 'No papers match “zzqxjvwkplorbtsnm”' })).toBeVisible();
});
