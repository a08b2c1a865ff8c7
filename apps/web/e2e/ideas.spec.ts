import { expect, test } from '@playwright/test';
import { openApp } from './support/library';

test('[IDEAS] ideas generated offline show their nearest corpus papers', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page, '/sci');
  // The e2e API runs without a model: the screen says how ideas are found.
  await expect(page.getByRole('note').filter({ hasText: 'literature-based discovery' })).toBeVisible();
  await expect(page.getByText('Building on the corpus papers nearest the topic.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Topic or question' }).fill('quantum entanglement');
  await page.getByRole('combobox', { name: 'Ideas' }).selectOption('2');
  await page.getByRole('button', { name: 'Generate' }).click();

  const fresh = page.getByRole('region', { name: 'New ideas' });
  const cards = fresh.getByRole('article');
  // The first request of a fresh server builds the term statistics and the calibration (seconds on PGlite).
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  await expect(fresh).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(2);

  const card = cards.first();
  await expect(card.getByText('Generated without a model (literature-based discovery)')).toBeVisible();
  // A title in the topic's own words and a phrase of its papers, never a template over single words.
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(/quantum entanglement/i);
  await expect(card.getByRole('heading', { level: 3 })).not.toHaveText(/^Apply \S+ to \S+$/);
  const novelty = card.getByRole('region', { name: 'Novelty check' });
  await expect(novelty.getByText(/Likely novel|Partly explored|Well explored/)).toBeVisible();
  await expect(novelty.getByText(/papers searched\)$/)).toBeVisible();
  const nearest = novelty.getByRole('list', { name: 'Nearest papers' }).getByRole('link');
  expect(await nearest.count()).toBeGreaterThan(0);
  expect(await nearest.count()).toBeLessThanOrEqual(5);

  // Saved: the idea is in the list after a reload.
  const title = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  await page.reload();
  const saved = page.getByRole('region', { name: 'Saved ideas' });
  await expect(saved.getByRole('article', { name: title })).toBeVisible();

  // 390 px wide: the cards fit, nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(saved.getByRole('article', { name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A nearest paper opens its page.
  const paperTitle =
    (
      await saved
        .getByRole('article', { name: title })
        .getByRole('list', { name: 'Nearest papers' })
        .getByRole('link')
        .first()
        .textContent()
    )?.trim() ?? '';
  await saved
    .getByRole('article', { name: title })
    .getByRole('list', { name: 'Nearest papers' })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/paper\//);
  await expect(page.getByRole('heading', { name: paperTitle }).first()).toBeVisible();
});
