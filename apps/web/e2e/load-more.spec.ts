import { expect, test } from '@playwright/test';

test('[HOME] Load More Recent appends the next 10 papers', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('.recent-papers article');
  await expect(cards).toHaveCount(10);
  const firstTen = await cards.locator('h3').allTextContents();

  await page.getByRole('button', { name: 'Load More Recent' }).click();
  await expect(cards).toHaveCount(20);
  const all = await cards.locator('h3').allTextContents();
  expect(all.slice(0, 10)).toEqual(firstTen);
  expect(new Set(all).size).toBe(20);
});

test('[HOME] Load More Recent disappears when a page returns fewer than 10', async ({ page }) => {
  // The corpus has 25,002 papers, so the short last page is simulated: the second page answers with
  // the real API's first 4 papers of that page.
  await page.route('**/api/papers?*offset=10*', async (route) => {
    const response = await route.fetch();
    const papers = (await response.json()) as unknown[];
    await route.fulfill({ response, json: papers.slice(0, 4) });
  });
  await page.goto('/');
  const cards = page.locator('.recent-papers article');
  await expect(cards).toHaveCount(10);
  const loadMore = page.getByRole('button', { name: 'Load More Recent' });
  await loadMore.click();
  await expect(cards).toHaveCount(14);
  await expect(loadMore).toHaveCount(0);
});
