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
