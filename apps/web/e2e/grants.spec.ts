import { expect, type Page, test } from '@playwright/test';
import { api, openApp } from './support/library';

const total = (page: Page) => page.locator('.grants-total');
const cards = (page: Page) => page.locator('.grants-results article');
/** The number in 'N grants' once a search has settled. */
async function count(page: Page): Promise<number> {
  const text = (await total(page).textContent()) ?? '';
  return /^[\d,]+ grants?$/.test(text) ? Number(text.replace(/\D/g, '')) : Number.NaN;
}

test('[GRANTS] searches the grant sample, narrowed by kind and agency, kept in the URL', async ({ page }) => {
  await page.goto('/grants');
  await expect(page.getByRole('heading', { name: 'Find funding for your research' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search grants' }).fill('qualitative');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/grants?q=qualitative');
  await expect(total(page)).toHaveText(/^[\d,]+ grants$/);
  const awards = await count(page);
  expect(awards).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(20);
  await expect(cards(page).first().getByRole('list', { name: 'About this grant' })).toContainText('Funded award');

  // Open calls are a kind of their own: the sample has none, so none are mixed in with the awards.
  await page.getByRole('button', { name: 'Open calls', exact: true }).click();
  await expect(page).toHaveURL('/grants?q=qualitative&kind=opportunity');
  await expect.poll(() => count(page)).not.toBe(awards);
  // None was fetched: the tab says so and how to fetch them (docs/grants.md#open-calls).
  await expect(page.getByRole('heading', { name: 'No open calls have been fetched' })).toBeVisible();
  await expect(page.getByText('pnpm ingest grants grantsgov')).toBeVisible();
  for (const badges of await cards(page).getByRole('list', { name: 'About this grant' }).allTextContents()) {
    expect(badges).toContain('Open call');
  }
  await page.getByRole('button', { name: 'Funded awards', exact: true }).click();
  await expect.poll(() => count(page)).toBe(awards);

  // One agency from the facet: the total becomes that agency's count, and every card is of it.
  const agency = page.getByRole('group', { name: 'Agency' });
  const option = agency.locator('label').nth(1);
  const name = (await option.locator('.grant-check-label').textContent()) as string;
  const expected = Number(((await option.locator('.grant-check-count').textContent()) as string).replace(/\D/g, ''));
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(awards);
  // click, not check(): the box follows the URL, which changes just after the click.
  await option.getByRole('checkbox').click();
  await expect(option.getByRole('checkbox')).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`agency=${encodeURIComponent(name).replace(/%20/g, '\\+')}`));
  await expect.poll(() => count(page)).toBe(expected);
  await expect(cards(page).first()).toBeVisible();
  for (const badge of await cards(page).locator('.grant-badge-agency').allTextContents()) expect(badge).toBe(name);
  await expect(agency.getByRole('checkbox', { checked: true })).toHaveCount(1);

  // Largest first by amount.
  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect.poll(() => count(page)).toBe(expected);

  // Back undoes one change at a time.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=amount/);
  await page.goBack();
  await expect(page).toHaveURL('/grants?q=qualitative');
  await expect.poll(() => count(page)).toBe(awards);
});

test('[GRANTS] on a phone the filters fold under a Filters button, and nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/grants?q=interview');
  await expect(total(page)).toHaveText(/^[\d,]+ grants?$/);
  const sidebar = page.getByRole('complementary', { name: 'Grant filters' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(sidebar).toBeVisible();
  await sidebar.getByRole('searchbox', { name: 'Organisation' }).fill('university');
  await sidebar.getByRole('searchbox', { name: 'Organisation' }).press('Enter');
  await expect(page).toHaveURL(/org=university/);
  await expect(page.getByRole('button', { name: 'Filters 1 applied' })).toBeVisible();
  await expect(total(page)).toHaveText(/^[\d,]+ grants?$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[GRANTS] finds grants like the papers of a folder', async ({ page, request }) => {
  const userId = await openApp(page, '/grants');
  const search = await request.post('/api/search/', { data: { query: 'qualitative interviews', limit: 5 } });
  expect(search.status()).toBe(200);
  const papers = ((await search.json()) as { results: { paper_id: string; platform: string }[] }).results;
  expect(papers.length).toBeGreaterThan(0);
  const client = api(request, userId);
  const folderId = await client.createFolder('Interview studies');
  for (const paper of papers) await client.addFile(folderId, { paper_id: paper.paper_id, platform: paper.platform });

  await page.reload();
  await page
    .getByRole('combobox', { name: 'Grants like this folder' })
    .selectOption({ label: `Interview studies (${papers.length} papers)` });
  await expect(page).toHaveURL(`/grants?folder=${folderId}`);
  await expect(page.getByText('Grants like the papers in')).toContainText('“Interview studies”');
  await expect(total(page)).toHaveText(/^[\d,]+ grants?$/);
  expect(await count(page)).toBeGreaterThan(0);
  await expect(cards(page).first()).toBeVisible();
});
