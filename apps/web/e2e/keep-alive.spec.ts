import { expect, test } from '@playwright/test';

test('[HOME] returning home keeps the loaded list and its scroll position', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('.recent-papers article');
  await expect(cards).toHaveCount(10);
  await page.getByRole('button', { name: 'Load More Recent' }).click();
  await expect(cards).toHaveCount(20);

  await cards.nth(15).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0); // any other navigation scrolls to the top

  await page.goBack();
  await expect(cards).toHaveCount(20); // still the 20 loaded papers, not a fresh first page
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
});
