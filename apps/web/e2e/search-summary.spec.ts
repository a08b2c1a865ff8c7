import { expect, test } from '@playwright/test';

test('[SEARCH] a search from home shows an extractive, cited summary whose [n] lead to the result cards', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search papers' });
  await box.fill('graph neural network');
  await box.press('Enter');

  const panel = page.getByRole('region', { name: 'Summary of the top results' });
  await expect(panel).toBeVisible();
  // No model is configured for the flows: the summary is the abstracts' own sentences, and says so.
  await expect(panel.getByText('Extractive summary — no AI model configured')).toBeVisible();
  const chips = panel.locator('.citation-chip');
  await expect(chips.first()).toBeVisible();
  await expect(panel.locator('.citation-chip.is-unsupported')).toHaveCount(0);

  const n = Number(await chips.last().textContent());
  await chips.last().click();
  const card = page.locator(`#search-result-${n}`);
  await expect(card).toBeFocused();
  await expect(card).toBeInViewport();
  // The chip's passage is that card's abstract.
  const passage = await panel.locator('.citation').last().locator('.citation-preview-text').textContent();
  expect(passage?.length).toBeGreaterThan(20);
  await expect(card).toContainText((passage ?? '').slice(0, 30));
});
