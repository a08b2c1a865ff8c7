import { expect, test } from '@playwright/test';
import { openApp } from './support/library';

// The shipped corpus's latest day is Tuesday 31 December 2019; two of its papers are in cs.CV.
const TOPIC = 'cs.CV';

test('[MONITOR] follow a topic, see its papers on the monitor and as a group in the daily feed', async ({ page }) => {
  await openApp(page, '/monitor');
  await expect(page.getByRole('heading', { name: 'You don’t follow any topics yet' })).toBeVisible();

  const field = page.getByLabel(/^Follow a topic/);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Type a topic to follow');
  await field.fill('x'.repeat(120));
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('at most 100 characters; this one has 120');

  await field.fill(`  ${TOPIC} `);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  const card = page.getByRole('region', { name: TOPIC });
  await expect(card).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(card.getByText(/^Nothing new since /)).toBeVisible();
  // The latest matching papers, so a fresh topic is not empty; each card works as everywhere.
  await expect(card.locator('article.paper-card')).toHaveCount(2);
  await expect(
    card.locator('article.paper-card').first().getByRole('button', { name: 'Add to File List' }),
  ).toBeVisible();
  await card.getByRole('button', { name: /^Show \d+ more$/ }).click();
  await expect(card.locator('article.paper-card')).toHaveCount(5);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily Feed' }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday, 31 December 2019' })).toBeVisible();
  const group = page.getByRole('region', { name: `Following “${TOPIC}”` });
  await expect(group).toBeVisible();
  await expect(group.locator('article.paper-card')).toHaveCount(2);
  await expect(group.getByText(`In or about ${TOPIC}, which you follow`)).toHaveCount(2);
  // The followed topic's group comes before the rest of the day.
  const headings = page.locator('.feed-group-title');
  await expect(headings.first()).toContainText(TOPIC);
  await expect(headings.last()).toHaveText('Other papers of the day');

  await page.getByRole('link', { name: /Previous day/ }).click();
  await expect(page).toHaveURL(/\/daily-feed\?day=2019-12-30$/);
  await expect(page.getByRole('heading', { name: 'Monday, 30 December 2019' })).toBeVisible();
  await page.getByRole('link', { name: /Next day/ }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday, 31 December 2019' })).toBeVisible();
  await expect(page.getByText('Latest day')).toBeVisible();
});

test('[MONITOR] unfollow with undo', async ({ page, request }) => {
  const userId = await openApp(page, '/monitor');
  const follow = await request.post('/api/topics', {
    headers: { 'X-User-ID': userId },
    data: { topic: 'quantum chaos' },
  });
  expect(follow.status()).toBe(200);
  await page.reload();
  const card = page.getByRole('region', { name: 'quantum chaos' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Unfollow quantum chaos' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByRole('status')).toContainText('Unfollowed “quantum chaos”.');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('region', { name: 'quantum chaos' })).toBeVisible();
  const topics = await request.get('/api/topics', { headers: { 'X-User-ID': userId } });
  expect((await topics.json()).topics).toEqual(['quantum chaos']);
});

test('[DAILY FEED] a bad day in the URL says so; a user without topics is prompted to follow', async ({ page }) => {
  await openApp(page, '/daily-feed?day=2019-02-30');
  await expect(page.getByRole('heading', { name: '“2019-02-30” is not a day' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the latest day' }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday, 31 December 2019' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Make this feed yours' })).toBeVisible();
  await expect(page.locator('.feed-group-title')).toHaveText(['Other papers of the day']);
});
