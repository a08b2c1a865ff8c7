import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { acceptDialogs, api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

// Most flows here drive two users (two browser contexts) through share and import: near 30 s on a
// loaded machine, so they get the slow-test budget.
test.beforeEach(() => test.slow());

/** Opens Share list and returns the dialog once the link is in its field. */
async function openShareDialog(page: Page) {
  await (await openPanel(page)).getByRole('button', { name: 'Share list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share list' });
  const field = dialog.getByRole('textbox', { name: 'Link to your list' });
  await expect(field).toHaveValue(/https?:\/\/\S+\/share\/[A-Za-z0-9_-]+$/);
  return { dialog, link: await field.inputValue() };
}

/** User A shares a list of two papers; returns the /share link the Share list dialog shows. */
async function shareTwoPapers(
  page: Page,
  request: Parameters<typeof api>[0],
): Promise<{ link: string; ids: string[]; dialog: Locator }> {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('To share');
  const papers = await client.recentPapers(3);
  for (const paper of papers.slice(0, 2)) await client.addFile(folder, paper);
  await page.reload();
  const { dialog, link } = await openShareDialog(page);
  return { link, ids: papers.slice(0, 2).map((p) => p.paper_id), dialog };
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

test("[FILE LIST] Share list with no files says 'No files to share' in the app, not in an alert", async ({ page }) => {
  await openApp(page);
  const panel = await openPanel(page);
  const alerts = acceptDialogs(page);
  await panel.getByRole('button', { name: 'Share list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share list' });
  await expect(dialog).toContainText('No files to share');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(alerts).toEqual([]);
});

test('[FILE LIST] share a list; a second user imports it with Replace', async ({ page, request, browser }) => {
  const { link, ids, dialog: shareDialog } = await shareTwoPapers(page, request);
  await shareDialog.getByRole('button', { name: 'Close' }).click();

  const second = await secondUserWithOnePaper(browser);
  await second.page.goto(link);
  const dialog = second.page.getByRole('dialog', { name: 'Import shared list' });
  await expect(dialog).toContainText('You have 1 file loaded. The shared list has 2 files.');
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect(second.page.getByRole('status').filter({ hasText: 'from a shared list' })).toContainText(
    '2 papers from a shared list were added to your File List.',
  );
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

test("[FILE LIST] a shared list holding the sharer's private upload: the importer is told it is withheld", async ({
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
  const { dialog: shareDialog, link } = await openShareDialog(page);
  await expect(shareDialog).toContainText('Your uploads stay private');

  // A second user with a file of their own: the dialog asks; Merge.
  const second = await secondUserWithOnePaper(browser);
  const secondId = (await second.page.evaluate(() => localStorage.getItem('X-User-ID'))) as string;
  const pdfUrl = `/api/uploads/${encodeURIComponent(upload.paper_id)}/pdf`;
  await second.page.goto(link);
  const dialog = second.page.getByRole('dialog', { name: 'Import shared list' });
  // docs/collaboration.md#uploads: a link grants no access, so the list shows the arXiv paper only.
  await expect(dialog).toContainText('The shared list has 1 file.');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  await expect(second.page.getByRole('status').filter({ hasText: 'from a shared list' })).toContainText(
    '1 paper from a shared list was added to your File List. 1 private upload on the list is not shared with you.',
  );
  await expect
    .poll(async () => (await second.client.userFiles()).map((f) => `${f.platform}/${f.paper_id}`).sort())
    .toEqual([`arxiv/${second.ownId}`, `arxiv/${arxiv.paper_id}`].sort());
  expect((await second.page.request.get(pdfUrl, { headers: { 'X-User-ID': secondId } })).status()).toBe(404);
  await second.context.close();
});

test('[FILE LIST] Share list → Copy → another user opens the link, is told what was added, and Undo takes it back', async ({
  page,
  request,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, ids, dialog } = await shareTwoPapers(page, request);
  const alerts = acceptDialogs(page);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(alerts).toEqual([]);

  // Another user with a file of their own: Merge, then the notice on home, then Undo.
  const second = await secondUserWithOnePaper(browser);
  await second.page.goto(link);
  await second.page.getByRole('dialog', { name: 'Import shared list' }).getByRole('button', { name: 'Merge' }).click();
  await expect(second.page).toHaveURL(/\/$/);
  const notice = second.page.getByRole('status').filter({ hasText: 'from a shared list' });
  await expect(notice).toContainText('2 papers from a shared list were added to your File List.');
  await expect
    .poll(async () => (await second.client.userFiles()).map((f) => f.paper_id).sort())
    .toEqual([second.ownId, ...ids].sort());
  await expect(second.page.getByRole('button', { name: 'File List, 3 files' })).toBeVisible();

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(second.page.getByRole('status').filter({ hasText: 'Undone' })).toHaveText(
    'Undone: 2 papers were removed from your File List.',
  );
  // Exactly the attached papers went: the user's own paper stays, and the badge follows.
  await expect.poll(async () => (await second.client.userFiles()).map((f) => f.paper_id)).toEqual([second.ownId]);
  await expect(second.page.getByRole('button', { name: 'File List, 1 file' })).toBeVisible();
  await second.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(second.page.getByRole('status').filter({ hasText: 'Undone' })).toHaveCount(0);
  await second.context.close();
});

test('[FILE LIST] Revoke link: the link then answers as not found', async ({ page, request, browser }) => {
  const { link, dialog } = await shareTwoPapers(page, request);
  const shareId = link.split('/share/')[1] ?? '';
  const headers = { 'X-User-ID': (await page.evaluate(() => localStorage.getItem('X-User-ID'))) as string };
  expect((await request.get(`/api/share/${shareId}`, { headers })).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByRole('status')).toContainText('Link revoked');
  await expect(dialog.getByRole('button', { name: 'Revoke link' })).toHaveCount(0);
  expect((await request.get(`/api/share/${shareId}`, { headers })).status()).toBe(404);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('alert')).toContainText('The shared list could not be imported');
  await context.close();
});
