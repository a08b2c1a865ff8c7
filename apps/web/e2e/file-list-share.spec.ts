import { type Browser, expect, type Page, test } from '@playwright/test';
import { acceptDialogs, api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

/** User A shares a list of two papers; returns the /share link the alert showed. */
async function shareTwoPapers(
  page: Page,
  request: Parameters<typeof api>[0],
): Promise<{ link: string; ids: string[] }> {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('To share');
  const papers = await client.recentPapers(3);
  for (const paper of papers.slice(0, 2)) await client.addFile(folder, paper);
  await page.reload();
  const panel = await openPanel(page);
  const alerts = acceptDialogs(page);
  await panel.getByRole('button', { name: 'Share list' }).click();
  await expect.poll(() => alerts.length).toBe(1);
  const link = alerts[0]?.match(/https?:\/\/\S+\/share\/[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');
  return { link, ids: papers.slice(0, 2).map((p) => p.paper_id) };
}

/** A second user: a new browser context has its own storage, so a new X-User-ID; it already has one paper. */
async function secondUserWithOnePaper(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const userId = await openApp(page);
  const client = api(page.request, userId);
  const folder = await client.createFolder('Mine');
  const [, , own] = await client.recentPapers(3);
  if (!own) throw new Error('no paper');
  await client.addFile(folder, own);
  return { context, page, client, ownId: own.paper_id };
}

test("[FILE LIST] Share list with no files alerts 'No files to share'", async ({ page }) => {
  await openApp(page);
  const panel = await openPanel(page);
  const alerts = acceptDialogs(page);
  await panel.getByRole('button', { name: 'Share list' }).click();
  await expect.poll(() => alerts).toEqual(['No files to share']);
});

test('[FILE LIST] share a list; a second user imports it with Replace', async ({ page, request, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, ids } = await shareTwoPapers(page, request);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const second = await secondUserWithOnePaper(browser);
  await second.page.goto(link);
  const dialog = second.page.getByRole('dialog', { name: 'Import shared list' });
  await expect(dialog).toContainText('You have 1 file loaded. The shared list has 2 files.');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await second.client.userFiles()).map((f) => f.paper_id).sort())
    .toEqual([...ids].sort());
  // History was replaced: back does not return to the share link.
  await second.page.goBack();
  await expect(second.page).not.toHaveURL(/\/share\//);
  await second.context.close();
});

test('[FILE LIST] a second user imports a shared list with Merge, or cancels', async ({ page, request, browser }) => {
  const { link, ids } = await shareTwoPapers(page, request);
  const second = await secondUserWithOnePaper(browser);

  await second.page.goto(link);
  const dialog = second.page.getByRole('dialog', { name: 'Import shared list' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect(dialog).toBeHidden();
  expect((await second.client.userFiles()).map((f) => f.paper_id)).toEqual([second.ownId]);

  await second.page.goto(link);
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await second.client.userFiles()).map((f) => f.paper_id).sort())
    .toEqual([second.ownId, ...ids].sort());
  await expect(second.page.getByRole('button', { name: 'File List, 3 files' })).toBeVisible();
  await second.context.close();
});

test('[FILE LIST] a user with no files imports a shared list at once', async ({ page, request, browser }) => {
  const { link, ids } = await shareTwoPapers(page, request);
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/$/);
  const userId = (await fresh.evaluate(() => localStorage.getItem('X-User-ID'))) as string;
  await expect
    .poll(async () => (await api(fresh.request, userId).userFiles()).map((f) => f.paper_id).sort())
    .toEqual([...ids].sort());
  await context.close();
});

test("[FILE LIST] a shared list holding the sharer's upload: the importer gets it and can open its PDF", async ({
  page,
  request,
  browser,
}) => {
  const sharerId = await openApp(page);
  const sharer = api(request, sharerId);
  const folder = await sharer.createFolder('With my draft');
  const upload = await sharer.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Shared draft');
  const [arxiv] = await sharer.recentPapers(1);
  if (!arxiv) throw new Error('no paper');
  await sharer.addFile(folder, upload);
  await sharer.addFile(folder, arxiv);
  await page.reload();
  const alerts = acceptDialogs(page);
  await (await openPanel(page)).getByRole('button', { name: 'Share list' }).click();
  await expect.poll(() => alerts.length).toBe(1);
  const link = alerts[0]?.match(/https?:\/\/\S+\/share\/[A-Za-z0-9_-]+/)?.[0] ?? '';
  expect(link).not.toBe('');

  // A second user with a file of their own: the dialog asks; Merge.
  const second = await secondUserWithOnePaper(browser);
  const secondId = (await second.page.evaluate(() => localStorage.getItem('X-User-ID'))) as string;
  const pdfUrl = `/api/uploads/${encodeURIComponent(upload.paper_id)}/pdf`;
  // Before the import the upload is private to the sharer.
  expect((await second.page.request.get(pdfUrl, { headers: { 'X-User-ID': secondId } })).status()).toBe(404);
  await second.page.goto(link);
  const dialog = second.page.getByRole('dialog', { name: 'Import shared list' });
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await second.client.userFiles()).map((f) => `${f.platform}/${f.paper_id}`).sort())
    .toEqual([`arxiv/${second.ownId}`, `arxiv/${arxiv.paper_id}`, `upload/${upload.paper_id}`].sort());

  // The importer opens the uploaded PDF in the viewer.
  const panel = await openPanel(second.page);
  await panel.getByRole('button', { name: 'Shared draft', exact: true }).click();
  const viewer = panel.getByRole('region', { name: 'Shared draft' });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator('[data-page-number="1"] .textLayer')).toContainText('Literature Graph', {
    timeout: 20_000,
  });
  const served = await second.page.request.get(pdfUrl, { headers: { 'X-User-ID': secondId } });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  await second.context.close();
});
