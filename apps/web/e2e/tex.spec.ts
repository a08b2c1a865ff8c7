import { expect, test } from '@playwright/test';

test('[TEX] math in a title is rendered by KaTeX, loaded only when needed', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/search?q=MoS2%20dual-gate%20transistors%20electrostatically%20doped');
  const title = page.locator('.search-screen article h3').first();
  // arXiv 1912.07885: "MoS$_2$ Dual-gate Transistors with Electrostatically Doped Contacts".
  await expect(title).toContainText('Dual-gate Transistors');
  await expect(title.locator('.katex')).toHaveCount(1);
  await expect(title).not.toContainText('$');
  expect(requested.some((url) => /\/assets\/katex-.*\.js$/.test(url))).toBe(true);
});
