import { expect, type Page, test } from '@playwright/test';

const REQUEST = 'graph neural networks since 2018 in cs.LG';

const answerTo = (page: Page, request: string) => page.getByRole('article', { name: `Answer to: ${request}` });
const chips = (page: Page, request: string) => answerTo(page, request).getByRole('list', { name: 'Search query' });
const count = (page: Page, request: string) => answerTo(page, request).locator('.conv-count');

/**
 * docs/ai.md#conversational-search, offline (the e2e server has no model): a request becomes chips
 * read by the parser, an extractive cited answer and result cards; removing a chip searches again, a
 * suggestion follows up on the edited query, and a card's analysis quotes its abstract.
 */
test('[CONVERSATIONAL] ask in plain words, edit the query chips, follow up and analyze a paper', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/conversational-search');
  await expect(page.getByRole('list', { name: 'Example requests' }).getByRole('button')).toHaveCount(3);

  const box = page.getByRole('textbox', { name: 'Your request' });
  await box.fill(REQUEST);
  await box.press('Enter');

  const first = answerTo(page, REQUEST);
  await expect(first.getByText('Extractive answer — no AI model configured')).toBeVisible();
  await expect(first.getByText('Searched for (read without a model)')).toBeVisible();
  await expect(chips(page, REQUEST).getByRole('button', { name: 'Edit Published since: since 2018' })).toBeVisible();
  await expect(chips(page, REQUEST).getByRole('button', { name: 'Edit Category: cs.LG' })).toBeVisible();
  await expect(chips(page, REQUEST).getByRole('button', { name: 'Edit Word: graph' })).toBeVisible();
  const cards = first.locator('.conv-result article');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByRole('button', { name: 'Add to File List' })).toBeVisible();
  // Every card is in cs.LG and from 2018 on.
  for (const card of await cards.all()) {
    await expect(card.getByRole('list', { name: 'Tags' })).toContainText(/cs\.LG/);
    expect(Number((await card.locator('time').getAttribute('datetime'))?.slice(0, 4))).toBeGreaterThanOrEqual(2018);
  }

  // A [n] of the answer leads to the n-th card.
  const citation = first.getByRole('region', { name: 'Answer from the papers' }).locator('.citation-chip').first();
  const n = Number(await citation.textContent());
  await citation.click();
  await expect(
    first.locator(
      `#${await first
        .locator('.conv-result article')
        .nth(n - 1)
        .getAttribute('id')}`,
    ),
  ).toBeFocused();

  // Removing the category chip searches again in every category: more papers match.
  const before = await count(page, REQUEST).textContent();
  await chips(page, REQUEST).getByRole('button', { name: 'Remove Category: cs.LG' }).click();
  await expect(chips(page, REQUEST).getByRole('button', { name: /Category/ })).toHaveCount(0);
  await expect(count(page, REQUEST)).not.toHaveText(before ?? '');
  await expect(chips(page, REQUEST).getByRole('button', { name: 'Edit Published since: since 2018' })).toBeVisible();

  // A suggestion is the next request, refining the edited query.
  const suggestion = first.getByRole('list', { name: 'Follow up' }).getByRole('button').first();
  const followUp = (await suggestion.textContent()) ?? '';
  const sent = page.waitForRequest('**/api/improved-conversational/search');
  await suggestion.click();
  const body = (await sent).postDataJSON();
  expect(body.turns.at(-1)).toEqual({ role: 'user', text: followUp });
  expect(body.turns[0]).toEqual({ role: 'user', text: REQUEST });
  expect(body.previous_query).toMatchObject({ categories: [], date_from: '2018-01-01' });
  const second = answerTo(page, followUp);
  await expect(second.locator('.conv-result article, .conv-no-results').first()).toBeVisible();
  await expect(chips(page, followUp).getByRole('listitem').first()).toBeVisible();

  // Analyze: why the first paper fits, quoted from its abstract (no full text is fetched offline).
  const card = second.locator('.conv-result article').first();
  await card.getByRole('button', { name: 'Analyze' }).click();
  const analysis = second.getByRole('region', { name: 'Analysis' });
  await expect(analysis.getByText('From the abstract')).toBeVisible();
  await expect(analysis.locator('.answer-markdown')).not.toBeEmpty();
  await expect(card.getByRole('button', { name: 'Hide analysis' })).toHaveAttribute('aria-expanded', 'true');

  // The conversation survives a reload of the tab.
  await page.reload();
  await expect(answerTo(page, followUp)).toBeVisible();
  await expect(answerTo(page, REQUEST)).toBeVisible();
});
