import { expect, test } from '@playwright/test';
import { api, openApp, openPanel } from './support/library';

test('[FILE LIST] select and unselect a file; the state survives a reload', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Chat context');
  const [paper] = await client.recentPapers(1);
  if (!paper) throw new Error('no recent paper');
  await client.addFile(folder, paper);

  await page.reload();
  let panel = await openPanel(page);
  const checkbox = panel.getByRole('checkbox', { name: `Select ${paper.title}` });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await expect.poll(async () => (await client.folders())[0]?.files[0]?.selected).toBe(true);

  await page.reload();
  panel = await openPanel(page);
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await expect.poll(async () => (await client.folders())[0]?.files[0]?.selected).toBe(false);

  await page.reload();
  panel = await openPanel(page);
  await expect(checkbox).not.toBeChecked();
});
