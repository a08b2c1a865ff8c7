import { expect, test } from '@playwright/test';
import {
  acceptDialogs,
  api,
  folderToggle,
  LITERATURE_GRAPH_PDF,
  openApp,
  openPanel,
  requirePdf,
} from './support/library';

test('[FILE LIST] the uploader deletes an upload: confirmed, it leaves the list and its PDF is gone', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Drafts');
  const paper = await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Draft to delete');
  await client.addFile(folder, paper);
  await page.reload();
  const panel = await openPanel(page);
  await expect(panel.getByRole('button', { name: 'Draft to delete', exact: true })).toBeVisible();

  // Cancelling the confirm keeps it.
  page.once('dialog', (prompt) => void prompt.dismiss());
  await panel.getByRole('button', { name: 'Delete upload Draft to delete' }).click();
  await expect(panel.getByRole('button', { name: 'Draft to delete', exact: true })).toBeVisible();

  const prompts = acceptDialogs(page);
  await panel.getByRole('button', { name: 'Delete upload Draft to delete' }).click();
  await expect(panel.getByRole('button', { name: 'Draft to delete', exact: true })).toBeHidden();
  await expect(folderToggle(page, 'Drafts')).toContainText('0');
  expect(prompts[0]).toMatch(/Delete this upload for good\?/);
  const pdf = await request.get(`/api/uploads/${encodeURIComponent(paper.paper_id)}/pdf`, {
    headers: { 'X-User-ID': userId },
  });
  expect(pdf.status()).toBe(404);
});

test('[FILE LIST] only uploads offer "Delete upload"', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Mixed');
  const [arxiv] = await client.recentPapers(1);
  if (!arxiv) throw new Error('the corpus has no papers');
  await client.addFile(folder, arxiv);
  await page.reload();
  const panel = await openPanel(page);
  await expect(panel.getByRole('button', { name: arxiv.title, exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Delete upload/ })).toHaveCount(0);
});
