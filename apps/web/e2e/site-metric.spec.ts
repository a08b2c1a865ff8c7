import { expect, test } from '@playwright/test';

test('[SITE METRIC] the popover opens with its chart and closes on an outside click', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  // The beacon has reported this visit, so the total is a number, not the dash.
  const button = page.getByRole('button', { name: /^Page views: \d/ });
  await expect(button).toBeVisible();

  // Chart.js arrives only when the popover opens (requirements §2; not in the home route's first paint).
  expect(requested.filter((url) => url.includes('metric-chart'))).toEqual([]);
  await button.click();
  const popover = page.getByRole('dialog', { name: 'Page views over the past 5 days' });
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('Page Views · Past 5 Days');
  const canvas = popover.locator('canvas');
  await expect(canvas).toHaveAttribute('width', '180');
  await expect(canvas).toHaveAttribute('height', '64');
  await expect.poll(() => requested.some((url) => url.includes('metric-chart'))).toBe(true);

  await page.getByRole('heading', { name: 'Recent Papers' }).click();
  await expect(popover).toBeHidden();
});
