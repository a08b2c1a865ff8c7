import { expect, test } from '@playwright/test';
import { api, folderToggle, openApp, openPanel } from './support/library';

test('[FILE LIST] New makes an Untitled folder, first one active and Empty, its name ready to type over', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const panel = await openPanel(page);
  await expect(panel.getByText('No folders yet')).toBeVisible();
  await panel.getByRole('button', { name: 'New', exact: true }).click();
  // The new folder opens in its name editor, focused, 'Untitled' selected; typing replaces it, Enter saves.
  const input = panel.getByRole('textbox', { name: 'Folder name' });
  await expect(input).toBeFocused();
  expect(
    await input.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
  ).toBe('Untitled');
  await page.keyboard.press('Enter');
  await expect(input).toBeHidden();
  // Focus is back on the folder, so another Enter makes no second folder.
  await expect(folderToggle(page, 'Untitled')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  expect((await api(request, userId).folders()).map((folder) => folder.name)).toEqual(['Untitled']);
  await expect(folderToggle(page, 'Untitled')).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText('Empty', { exact: true })).toBeVisible();
  // Clicking toggles the active (expanded) folder.
  await folderToggle(page, 'Untitled').click();
  await expect(folderToggle(page, 'Untitled')).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByText('Empty', { exact: true })).toBeHidden();
});

test('[FILE LIST] New: typing names the folder, and a fast double Enter on New makes one folder', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const panel = await openPanel(page);
  const newButton = panel.getByRole('button', { name: 'New', exact: true });
  await newButton.focus();
  // Two presses before the first folder is back from the server.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const input = panel.getByRole('textbox', { name: 'Folder name' });
  await expect(input).toBeFocused();
  await page.keyboard.type('GNN reading');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(folderToggle(page, 'GNN reading')).toBeVisible();
  await expect
    .poll(async () => (await api(request, userId).folders()).map((folder) => folder.name))
    .toEqual(['GNN reading']);
  await expect(panel.locator('.folder')).toHaveCount(1);
});

test('[FILE LIST] rename: Enter saves, Esc cancels, double-click starts with the text selected', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Reading');
  const panel = await openPanel(page);

  // The rename action; Enter saves (and survives a reload: it was saved on the server).
  await panel.getByRole('button', { name: 'Rename Reading' }).click();
  const input = panel.getByRole('textbox', { name: 'Folder name' });
  await expect(input).toBeFocused();
  expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 7]);
  await input.fill('Graphs');
  await input.press('Enter');
  await expect(folderToggle(page, 'Graphs')).toBeVisible();

  // Double-click; Esc cancels.
  await folderToggle(page, 'Graphs').dblclick();
  await expect(input).toBeFocused();
  expect(
    await input.evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0)),
  ).toBe('Graphs');
  await input.fill('Not this');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(folderToggle(page, 'Graphs')).toBeVisible();

  // A blank name just cancels; the cancel button too.
  await panel.getByRole('button', { name: 'Rename Graphs' }).click();
  await input.fill('   ');
  await panel.getByRole('button', { name: 'Save name' }).click();
  await expect(folderToggle(page, 'Graphs')).toBeVisible();
  await panel.getByRole('button', { name: 'Rename Graphs' }).click();
  await input.fill('Other');
  await panel.getByRole('button', { name: 'Cancel rename' }).click();
  await expect(folderToggle(page, 'Graphs')).toBeVisible();

  await page.reload();
  await openPanel(page);
  await expect(folderToggle(page, 'Graphs')).toBeVisible();
});

test('[FILE LIST] delete asks to confirm; deleting the active folder activates the first remaining', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  await client.createFolder('First');
  await client.createFolder('Second');
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'First')).toHaveAttribute('aria-expanded', 'true');
  await folderToggle(page, 'Second').click();
  await expect(folderToggle(page, 'Second')).toHaveAttribute('aria-expanded', 'true');

  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await panel.getByRole('button', { name: 'Delete Second' }).click();
  await expect.poll(() => prompts).toEqual(['Delete this folder and all its files?']);
  await expect(folderToggle(page, 'Second')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await panel.getByRole('button', { name: 'Delete Second' }).click();
  await expect(folderToggle(page, 'Second')).toBeHidden();
  await expect(folderToggle(page, 'First')).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await client.folders()).map((f) => f.name)).toEqual(['First']);
});
