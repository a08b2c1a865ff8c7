import { expect, type Page, test } from '@playwright/test';
import { api, openApp } from './support/library';

/** Adds the search hit at `index` to the named folder through the card's Add to File List modal. */
async function addHit(page: Page, index: number, folder: string): Promise<string> {
  const card = page.locator('article.paper-card').nth(index);
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('button', { name: 'Add to File List' }).click();
  const modal = page.getByRole('dialog', { name: 'Add to folders' });
  await modal.getByRole('checkbox', { name: new RegExp(folder) }).check();
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal).toBeHidden();
  return title;
}

test('[RECOMMENDATIONS] papers added from search bring recommendations that say why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const userId = await openApp(page, '/recommendations');
  await expect(page.getByRole('heading', { name: 'Add papers to your folders to get recommendations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find papers' })).toHaveAttribute('href', '/');

  const client = api(request, userId);
  await client.createFolder('Entanglement');
  await page.goto('/search?q=entanglement');
  const first = await addHit(page, 0, 'Entanglement');
  const second = await addHit(page, 1, 'Entanglement');
  await expect(page.getByRole('button', { name: 'File List, 2 files' })).toBeVisible();

  await page.goto('/recommendations');
  await expect(page.getByRole('button', { name: 'For you' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.locator('.recommended-paper');
  // The first request of a fresh server builds the corpus' term statistics (seconds on PGlite).
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  const firstReason = cards.first().locator('.recommendation-reason');
  await expect(firstReason).toContainText(/Close to “.+”/);
  await expect(firstReason).toContainText('shares');
  // "Close to" names one of the two kept papers and links to its details.
  const closeTo = cards.first().locator('.recommendation-close a').first();
  expect([first, second]).toContain((await closeTo.textContent())?.trim());
  // Kept papers are hidden by default…
  const shownTitles = await cards.locator('.paper-title').allTextContents();
  expect(shownTitles.map((t) => t.trim())).not.toContain(first);

  // …and come back when the toggle is off; the folder chip scopes to that folder.
  await page.getByRole('button', { name: /^Entanglement/ }).click();
  await expect(page.getByRole('button', { name: /^Entanglement/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/papers like the papers in “Entanglement”/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Hide papers I already have' }).uncheck();
  await expect(cards.locator('.paper-title', { hasText: first }).first()).toBeVisible();

  await closeTo.click();
  await expect(page).toHaveURL(/\/paper\//);
});
