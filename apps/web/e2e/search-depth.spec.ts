import { expect, type Page, test } from '@playwright/test';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search papers' });
const cards = (page: Page) => page.locator('.search-screen article');

test('[SEARCH] exact words first, then "Load more" pages past 30 to the exact total', async ({ page }) => {
  await page.goto('/search?q=transformer');
  await expect(page.locator('.search-summary')).toHaveText('1,158 results for “transformer”');
  // The papers that say "transformer" in their title lead, not those about "Transforms".
  await expect(cards(page).first().locator('h3')).toContainText(/transformer/i);
  await expect(cards(page)).toHaveCount(30);
  await expect(page.getByText(/^Showing 30 of 1,158/)).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards(page)).toHaveCount(60);
  await expect(page.getByText(/^Showing 60 of 1,158/)).toBeVisible();
  const titles = await cards(page).locator('h3').allTextContents();
  expect(new Set(titles).size).toBe(60);
});

test('[SEARCH] a quoted word matches exactly: "transformer" is not "Transforms"', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('"transformer"')}`);
  const summary = page.locator('.search-summary');
  await expect(summary).toHaveText(/^\d[\d,]* results? for “"transformer"”$/);
  const total = Number((await summary.textContent())?.replace(/\D+/g, ''));
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(1158);
  for (const title of await cards(page).locator('h3').allTextContents()) expect(title).not.toMatch(/\btransforms?\b/i);
});

test('[SEARCH] a pasted DOI or arXiv URL opens its paper', async ({ page }) => {
  await page.goto('/');
  await searchBox(page).fill('https://doi.org/10.1103/PhysRevE.100.033308');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL('/paper/1905.02135/arxiv');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Accurate and Fast reconstruction of Porous Media',
  );
  await page.goBack();
  await expect(page).toHaveURL('/');
  await page.goto(`/search?q=${encodeURIComponent('https://arxiv.org/abs/1905.02135v2')}`);
  await expect(page).toHaveURL('/paper/1905.02135/arxiv');
});
