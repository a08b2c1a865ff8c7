import { expect, type Page, test } from '@playwright/test';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search papers' });
const cards = (page: Page) => page.locator('.search-screen article');
const summary = (page: Page) => page.locator('.search-summary');

test('[SEARCH] typing shows suggestions; picking one shows results with the matched words marked', async ({ page }) => {
  await page.goto('/');
  await searchBox(page).pressSequentially('graph neural', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  const titleOption = listbox.getByRole('option', { name: /^Graph Neural Networks/ }).first();
  const picked = (await titleOption.getAttribute('aria-label')) as string;

  // Keyboard: ↓ moves through the options (aria-activedescendant), Esc closes the list.
  await searchBox(page).press('ArrowDown');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
  await searchBox(page).press('Escape');
  await expect(listbox).toBeHidden();
  await searchBox(page).press('ArrowDown');
  await expect(listbox).toBeVisible();

  await titleOption.click();
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent(picked)}`);
  await expect(searchBox(page)).toHaveValue(picked);
  await expect(summary(page)).toHaveText(/^\d[\d,]* results? for “Graph Neural Networks/);
  const first = cards(page).first();
  await expect(first.getByRole('heading')).toContainText(picked);
  await expect(first.locator('h3 mark').first()).toHaveText(/^graph/i);
  await expect(first.locator('.paper-abstract mark').first()).toBeVisible();
});

test('[SEARCH] filters by category and date range, kept in the URL for back and forward', async ({ page }) => {
  await page.goto('/search?q=neural%20network');
  await expect(summary(page)).toHaveText(/^\d[\d,]* results for “neural network”$/);
  const count = async () => Number((await summary(page).textContent())?.match(/^[\d,]+/)?.[0].replaceAll(',', ''));
  const unfiltered = await count();

  const category = page.getByRole('combobox', { name: 'Category' });
  await category.fill('cs');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page).toHaveURL(/category=cs(&|$)/);
  await expect(page.getByRole('list', { name: 'Chosen categories' })).toContainText('cs');
  await expect.poll(count).toBeLessThan(unfiltered);
  await expect.poll(count).toBeGreaterThan(0);
  for (const tags of await cards(page).locator('.paper-tags').allTextContents()) expect(tags).toMatch(/cs\./);

  await page.getByLabel('Published from').fill('2018-01-01');
  await expect(page).toHaveURL(/from=2018-01-01/);
  await expect(cards(page).first()).toBeVisible();
  for (const date of await cards(page)
    .locator('time')
    .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')))) {
    expect(date && date >= '2018-01-01').toBe(true);
  }

  await page.getByRole('button', { name: 'Date' }).click();
  await expect(page).toHaveURL(/sort=date/);
  const dates = await cards(page)
    .locator('time')
    .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
  expect(dates).toEqual([...dates].sort().reverse());

  // A range that ends before it starts is explained and not applied.
  await page.getByLabel('Published to').fill('2017-01-01');
  await expect(page.getByRole('alert')).toHaveText('The start date must be on or before the end date.');
  await expect(page).not.toHaveURL(/to=2017/);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=date/);
  await expect(page).toHaveURL(/from=2018-01-01/);
  await page.goBack();
  await expect(page.getByLabel('Published from')).toHaveValue('');
  await expect(page).toHaveURL(/category=cs(&|$)/);
  await page.goForward();
  await expect(page.getByLabel('Published from')).toHaveValue('2018-01-01');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/search?q=neural%20network');
  await expect(summary(page)).toHaveText(`${unfiltered.toLocaleString('en-US')} results for “neural network”`);
});

test('[SEARCH] a misspelt query offers "Did you mean", which runs the corrected search', async ({ page }) => {
  await page.goto('/search?q=tranformer%20atention');
  await expect(page.getByRole('heading', { name: 'No papers match “tranformer atention”' })).toBeVisible();
  const suggestion = page.getByRole('link', { name: 'transformer attention' });
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL('/search?q=transformer%20attention');
  await expect(summary(page)).toHaveText(/^\d[\d,]* results? for “transformer attention”$/);
  await expect(cards(page).first().locator('mark').first()).toHaveText(/^(transformer|attention)/i);
});
