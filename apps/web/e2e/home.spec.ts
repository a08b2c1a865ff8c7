import { expect, test } from '@playwright/test';

test('[HOME] shows the paper count placeholder and 10 recent papers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Search papers' })).toHaveAttribute(
    'placeholder',
    'Search 25,002 papers from all fields of science.',
  );
  await expect(page.getByRole('heading', { name: 'Recent Papers' })).toBeVisible();
  const cards = page.locator('.recent-papers article');
  await expect(cards).toHaveCount(10);
  // Real arXiv records: a title linking to the abstract page, the upper-case platform tag, a PDF button (it
  // opens the in-app viewer, not a raw link).
  const first = cards.first();
  await expect(first.getByRole('heading').getByRole('link')).toHaveAttribute('href', /^https:\/\/arxiv\.org\/abs\//);
  await expect(first.getByText('ARXIV', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'PDF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
});
