import { expect, test } from '@playwright/test';
import { openApp } from './support/library';

// docs/ingest.md#freshness. The flows run on the shipped sample with HARVEST_SETS empty (playwright.config.ts):
// its newest paper is of Tuesday 31 December 2019, and q-fin.MF has papers on the 30th but none on the 31st.
const FROZEN = 'This is a frozen offline sample (newest paper Dec 31, 2019).';

test('[FRESHNESS] search results and the monitor say the corpus is a frozen offline sample', async ({ page }) => {
  await openApp(page, '/search?q=neural%20networks');
  await expect(page.locator('article.paper-card').first()).toBeVisible();
  const note = page.getByRole('note').filter({ hasText: FROZEN });
  await expect(note).toBeVisible();
  // One line; the way to refresh opens on demand.
  const hint = note.getByText(/^To keep it fresh, let the server harvest arXiv daily/);
  await expect(hint).toBeHidden();
  await note.getByRole('button', { name: 'How to refresh' }).click();
  await expect(hint).toBeVisible();
  await expect(note.locator('code')).toHaveText('pnpm ingest import <file>');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Paper Monitor' }).click();
  await expect(page.getByRole('note').filter({ hasText: FROZEN })).toBeVisible();
});

test('[FRESHNESS] the daily feed opens on the latest day with papers for your topics', async ({ page, request }) => {
  const userId = await openApp(page, '/daily-feed');
  await expect(page.getByRole('heading', { name: 'Tuesday, 31 December 2019' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: FROZEN })).toBeVisible();
  const follow = await request.post('/api/topics', { headers: { 'X-User-ID': userId }, data: { topic: 'q-fin.MF' } });
  expect(follow.status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Monday, 30 December 2019' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing matched your topics' })).toHaveText(
    'Nothing matched your topics on Tuesday, 31 December 2019; showing Monday, 30 December 2019, the latest day with matches. Show Tuesday, 31 December 2019 anyway',
  );
  await expect(page.getByRole('region', { name: 'Following “q-fin.MF”' })).toBeVisible();

  await page.getByRole('link', { name: 'Show Tuesday, 31 December 2019 anyway' }).click();
  await expect(page).toHaveURL(/\/daily-feed\?day=2019-12-31$/);
  await expect(page.getByRole('heading', { name: 'Tuesday, 31 December 2019' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing matched your topics' })).toContainText(
    'Nothing matched your topics on Tuesday, 31 December 2019.',
  );
  await page.getByRole('link', { name: 'Go to Monday, 30 December 2019, the latest day with matches' }).click();
  await expect(page).toHaveURL(/\/daily-feed\?day=2019-12-30$/);
  await expect(page.getByRole('heading', { name: 'Monday, 30 December 2019' })).toBeVisible();
});
