import { expect, test } from '@playwright/test';

test('[LAYOUT] the File List panel narrows content by 340px above 1024px', async ({ page }) => {
  await page.goto('/');
  const body = page.locator('.app-body');
  const fullWidth = (await body.boundingBox())?.width ?? 0;

  await page.getByRole('button', { name: 'File List', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'File List' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'File List' })).toBeVisible();
  expect((await panel.boundingBox())?.width).toBe(340);
  await expect.poll(async () => (await body.boundingBox())?.width).toBe(fullWidth - 340);

  await panel.getByRole('button', { name: 'Close File List' }).click();
  await expect(panel).toBeHidden();
});

test('[LAYOUT] at 1024px or less content keeps the full width', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/');
  const body = page.locator('.app-body');
  const fullWidth = (await body.boundingBox())?.width ?? 0;
  await page.getByRole('button', { name: 'File List', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'File List' })).toBeVisible();
  expect((await body.boundingBox())?.width).toBe(fullWidth);
});

test('[LAYOUT] the File List header has New, Upload, Chat and close', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'File List', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'File List' });
  await expect(panel.getByRole('button', { name: 'New', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Upload', exact: true })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
  await expect(panel.getByRole('button', { name: 'Close File List' })).toBeVisible();
});
