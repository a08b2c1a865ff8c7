import { expect, test } from '@playwright/test';
import { api, folderToggle, openApp, openPanel } from './support/library';

test('[FILE LIST] Add to File List from a paper card into two folders', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const first = await client.createFolder('Alpha');
  const second = await client.createFolder('Beta');
  await client.createFolder('Gamma');

  const card = page.locator('.recent-papers article').first();
  const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('button', { name: 'Add to File List' }).click();
  const modal = page.getByRole('dialog', { name: 'Add to folders' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('checkbox')).toHaveCount(3);
  const add = modal.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();

  // The backdrop closes it.
  await page.mouse.click(5, 400);
  await expect(modal).toBeHidden();

  await card.getByRole('button', { name: 'Add to File List' }).click();
  await modal.getByRole('checkbox', { name: /Alpha/ }).check();
  await expect(add).toBeEnabled();
  await modal.getByRole('checkbox', { name: /Beta/ }).check();
  await add.click();
  await expect(modal).toBeHidden();

  await expect
    .poll(async () => (await client.folders()).map((f) => [f.id, f.files.length]))
    .toEqual([
      [first, 1],
      [second, 1],
      [expect.any(Number), 0],
    ]);
  // The 'paper-attached' event refreshed the badge: one distinct paper in two folders.
  await expect(page.getByRole('button', { name: 'File List, 1 file' })).toBeVisible();
  // The card says where the paper already is; a screen reader hears the folders by name.
  await expect(card.getByText('In: Alpha, Beta', { exact: true })).toBeVisible();
  await expect(card.getByText('In your folders: Alpha, Beta', { exact: true })).toHaveCount(1);
  await expect(page.locator('.recent-papers article').nth(1)).not.toContainText('In:');
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Alpha')).toContainText('1');
  await expect(folderToggle(page, 'Beta')).toContainText('1');
  await expect(panel.getByRole('button', { name: title, exact: true })).toBeVisible();
});

test('[FILE LIST] a user with no folder makes one inside the modal', async ({ page }) => {
  await openApp(page);
  await page.locator('.recent-papers article').first().getByRole('button', { name: 'Add to File List' }).click();
  const modal = page.getByRole('dialog', { name: 'Add to folders' });
  await expect(modal.getByText('You have no folders yet')).toBeVisible();
  await modal.getByRole('button', { name: 'New folder' }).click();
  await expect(modal.getByRole('checkbox', { name: /Untitled/ })).toBeChecked();
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'File List, 1 file' })).toBeVisible();
});

test('[FILE LIST] a card names the first of three folders and counts the rest, with no request per card', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const [paper] = await client.recentPapers(1);
  if (!paper) throw new Error('no recent paper');
  for (const name of ['GNN reading', 'Thesis', 'Later']) await client.addFile(await client.createFolder(name), paper);
  const folderReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/folders') folderReads.push(r.url());
  });
  await page.reload();
  const card = page.locator('.recent-papers article').first();
  await expect(card.getByRole('heading')).toHaveText(paper.title);
  await expect(card.getByText('In: GNN reading +2', { exact: true })).toBeVisible();
  await expect(card.getByText('In your folders: GNN reading, Thesis, Later', { exact: true })).toHaveCount(1);
  // Every card of the page reads the one folders list the header's toggle loads.
  expect(await page.locator('.recent-papers article').count()).toBeGreaterThan(3);
  expect(folderReads.length).toBeLessThanOrEqual(1);
});
