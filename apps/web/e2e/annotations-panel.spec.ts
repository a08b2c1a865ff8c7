import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { fakeGoogleName, signInAs } from './support/google';
import { api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

/**
 * docs/annotations.md#the-annotations-panel: the marks of a paper beside its PDF, by page; filters,
 * going to a mark, export, and the thread of a mark shared with a folder, seen by its members only.
 * Marks are made through the API (drawing them on the pages is the reader's own flow).
 */

// Each flow loads a PDF with pdf.js, and the sharing flow drives three browsers.
test.beforeEach(() => test.slow());

const TITLE = 'Literature Graph paper';
const ADA = 'ada.annotator@example.test';
const BOB = 'bob.reviewer@example.test';

type TPaper = { paper_id: string; platform: string };
type TMark = { id: number; anchor: string; note: string | null };

/** POST /api/annotations as `userId`: a text mark on `page` with a quote, a note and one rectangle. */
async function createMark(
  request: APIRequestContext,
  userId: string,
  paper: TPaper,
  mark: { page: number; kind: string; color: string; quote: string; note: string; y: number; folder_id?: number },
): Promise<TMark> {
  const response = await request.post('/api/annotations', {
    headers: { 'X-User-ID': userId },
    data: {
      ...paper,
      page: mark.page,
      kind: mark.kind,
      color: mark.color,
      note: mark.note,
      quote: { exact: mark.quote },
      position: { start: 0, end: 8 },
      rects: [{ x: 0.1, y: mark.y, width: 0.5, height: 0.03 }],
      folder_id: mark.folder_id,
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function listMarks(request: APIRequestContext, userId: string, paper: TPaper) {
  return request.get(`/api/annotations?paper_id=${encodeURIComponent(paper.paper_id)}&platform=${paper.platform}`, {
    headers: { 'X-User-ID': userId },
  });
}

/** Opens the viewer's Annotations panel and returns it. */
async function openAnnotations(viewer: Locator) {
  const toggle = viewer.getByRole('button', { name: 'Annotations', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const side = viewer.getByRole('complementary', { name: 'Annotations' });
  await expect(side).toBeVisible();
  return side;
}

/** Saves what `button` downloads and returns its name and text. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) as string, 'utf8') };
}

test('[ANNOTATIONS] the panel lists marks by page, filters them, goes to one, and exports them', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Reading');
  const paper = await client.upload(requirePdf(LITERATURE_GRAPH_PDF), TITLE);
  await client.addFile(folder, paper);
  await createMark(request, userId, paper, {
    page: 1,
    kind: 'highlight',
    color: 'yellow',
    quote: 'Literature Graph',
    note: 'The title says it all',
    y: 0.1,
  });
  await createMark(request, userId, paper, {
    page: 2,
    kind: 'underline',
    color: 'green',
    quote: 'Semantic Scholar',
    note: 'Method starts here',
    y: 0.7,
  });
  const orphan = await createMark(request, userId, paper, {
    page: 2,
    kind: 'note',
    color: 'blue',
    quote: 'words this paper never had qqq',
    note: 'Lost in extraction',
    y: 0.2,
  });
  // Re-anchoring needs the upload's text: once it is read, the made-up quote is an orphan.
  await expect
    .poll(
      async () =>
        ((await (await listMarks(request, userId, paper)).json()) as TMark[]).find((m) => m.id === orphan.id)?.anchor,
      { timeout: 30_000 },
    )
    .toBe('orphaned');

  await page.reload();
  const panel = await openPanel(page);
  await expect(panel.getByRole('img', { name: '3 marks' })).toBeVisible();
  await panel.getByRole('button', { name: TITLE, exact: true }).click();
  const viewer = panel.getByRole('region', { name: TITLE });
  await expect(viewer.locator('[data-page-number="2"]')).toBeAttached({ timeout: 20_000 });
  const side = await openAnnotations(viewer);

  await expect(side.getByRole('heading', { name: 'Page 1' })).toBeVisible();
  const page2 = side.getByRole('list', { name: 'Marks on page 2' });
  await expect(page2.getByRole('article')).toHaveCount(2);
  await expect(page2.getByRole('article', { name: 'Note by You' })).toContainText('could not be placed');
  await expect(side.getByRole('list', { name: 'Marks on page 1' })).toContainText('The title says it all');

  // Filters: a colour, then a search of the notes.
  await side.getByRole('combobox', { name: 'Colour' }).selectOption({ label: 'Green' });
  await expect(side.getByRole('article')).toHaveCount(1);
  await expect(side.getByRole('article')).toContainText('Method starts here');
  await side.getByRole('combobox', { name: 'Colour' }).selectOption({ label: 'All colours' });
  await side.getByRole('searchbox', { name: 'Search notes' }).fill('title says');
  await expect(side.getByRole('article')).toHaveCount(1);
  await side.getByRole('searchbox', { name: 'Search notes' }).fill('nothing of the sort');
  await expect(side).toContainText('No marks match these filters.');
  await side.getByRole('searchbox', { name: 'Search notes' }).fill('');

  // A click on the page-2 underline scrolls the viewer down to page 2, the mark near the middle.
  const scroller = viewer.locator('.pdf-scroller');
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);
  await side.getByRole('button', { name: /Method starts here/ }).click();
  await expect
    .poll(() =>
      scroller.evaluate((element) => {
        const pageBox = element.querySelector('[data-page-number="2"]')?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        if (!pageBox) return null;
        // Where 0.7 + 0.015 of page 2 sits, as a fraction of the scroller's height.
        return Math.round(((pageBox.top + 0.715 * pageBox.height - box.top) / box.height) * 10) / 10;
      }),
    )
    .toBe(0.5);

  // Export: Markdown by page, and W3C Web Annotation JSON-LD.
  const markdown = await download(page, side.getByRole('button', { name: 'Export Markdown' }));
  expect(markdown.name).toBe(`annotations-upload-${paper.paper_id}.md`);
  expect(markdown.text).toContain('## Page 1');
  expect(markdown.text).toContain('## Page 2');
  expect(markdown.text).toContain('The title says it all');
  expect(markdown.text).toContain('could not be placed');
  const w3c = await download(page, side.getByRole('button', { name: 'Export W3C JSON' }));
  expect(w3c.name).toBe(`annotations-upload-${paper.paper_id}.jsonld`);
  const collection = JSON.parse(w3c.text);
  expect(collection.type).toBe('AnnotationCollection');
  expect(collection.total).toBe(3);
  expect(collection.first.items.map((item: { motivation: string }) => item.motivation)).toEqual([
    'commenting',
    'commenting',
    'commenting',
  ]);

  // The paper page counts them too.
  await page.goto(`/paper/${paper.paper_id}/upload`);
  await expect(page.getByText('3 marks')).toBeVisible();
});

/** A signed-in user in a browser of their own, with a typed API client. */
async function signedInBrowser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page);
  const userId = await signInAs(page, email);
  return { context, page, userId };
}

test('[ANNOTATIONS] a mark shared with a folder: a member replies, the owner sees the reply and unread; a stranger sees nothing', async ({
  page,
  browser,
}) => {
  // Three browsers, two sign-ins and two PDF loads: over the slow budget on a loaded machine.
  test.setTimeout(180_000);
  // Ada shares a folder holding her upload privately, with Bob as commenter, and marks the paper twice.
  await openApp(page);
  const adaId = await signInAs(page, ADA);
  const ada = api(page.request, adaId);
  const folderId = await ada.createFolder('Reading group');
  const paper = await ada.upload(requirePdf(LITERATURE_GRAPH_PDF), TITLE);
  await ada.addFile(folderId, paper);
  const headers = { 'X-User-ID': adaId };
  expect(
    (await page.request.post('/api/forum/', { headers, data: { folder_id: folderId, is_public: false } })).status(),
  ).toBe(201);
  const added = await page.request.post(`/api/forum/${folderId}/add_user`, {
    headers,
    data: { email: BOB, role: 'commenter' },
  });
  expect(added.status()).toBe(201);
  const shared = { page: 1, kind: 'highlight', color: 'pink', quote: 'Literature Graph', y: 0.1 };
  await createMark(page.request, adaId, paper, { ...shared, note: 'Discuss this claim', folder_id: folderId });
  await createMark(page.request, adaId, paper, { ...shared, note: 'My private thought', y: 0.3 });

  // Bob opens the PDF from the folder's page: he sees the shared mark, unread, not the private one; he replies.
  const bob = await signedInBrowser(browser, BOB);
  await bob.page.goto(`/rwf/${folderId}`);
  await bob.page.getByRole('article', { name: TITLE }).getByRole('button', { name: 'PDF', exact: true }).click();
  const bobViewer = bob.page.getByRole('complementary', { name: 'File List' }).getByRole('region', { name: TITLE });
  const bobSide = await openAnnotations(bobViewer);
  const bobMark = bobSide.getByRole('article', { name: `Highlight by ${fakeGoogleName(ADA)}` });
  await expect(bobMark).toContainText('Discuss this claim');
  await expect(bobMark).toContainText('Shared with Reading group');
  await expect(bobSide).not.toContainText('My private thought');
  await expect(bobSide.getByRole('article')).toHaveCount(1);
  await expect(bobSide.getByRole('combobox', { name: 'Share with folder' })).toHaveCount(0);
  const bobThread = bobMark.getByRole('button', { name: /^\d+ repl/ });
  await expect(bobThread).toHaveText('0 replies 1 unread');
  await bobThread.click();
  await bobMark.getByRole('textbox', { name: 'Reply' }).fill('Agreed: see their section 3');
  await bobMark.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(bobMark.getByRole('article', { name: `Reply by ${fakeGoogleName(BOB)}` })).toContainText(
    'Agreed: see their section 3',
  );
  await expect(bobThread).toHaveText('1 reply');

  // Ada sees one unread on the File List row and on the folder's page, then the reply in the panel.
  await page.goto('/');
  const panel = await openPanel(page);
  await expect(panel.getByRole('img', { name: '2 marks' })).toBeVisible();
  await expect(panel.getByText('1 unread')).toBeVisible();
  await page.goto(`/rwf/${folderId}`);
  await expect(page.getByText("1 unread in marks' threads")).toBeVisible();
  await page.getByRole('article', { name: TITLE }).getByRole('button', { name: 'PDF', exact: true }).click();
  const adaViewer = page.getByRole('complementary', { name: 'File List' }).getByRole('region', { name: TITLE });
  const adaSide = await openAnnotations(adaViewer);
  const adaMark = adaSide.getByRole('article', { name: 'Highlight by You' }).filter({ hasText: 'Discuss this claim' });
  const adaThread = adaMark.getByRole('button', { name: /^\d+ repl/ });
  await expect(adaThread).toHaveText('1 reply 1 unread');
  await adaThread.click();
  await expect(adaMark.getByRole('article', { name: `Reply by ${fakeGoogleName(BOB)}` })).toContainText(
    'Agreed: see their section 3',
  );
  await adaMark.getByRole('button', { name: 'Resolve' }).click();
  await expect(adaMark.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(adaThread).not.toContainText('unread');

  // A stranger (an id with no role anywhere) sees no mark: the upload is not theirs to read.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const strangerId = await openApp(strangerPage);
  const answer = await listMarks(strangerPage.request, strangerId, paper);
  expect(answer.status()).toBe(404);
  expect(await answer.text()).not.toContain('Discuss this claim');
  await Promise.all([bob.context.close(), stranger.close()]);
});
