import { expect, type Page, test } from '@playwright/test';
import { api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

/**
 * The flows run without internet (playwright.config.ts): the proxy cannot reach arXiv, so an arXiv
 * paper's PDF fails the way it does when arXiv is down, and an upload's PDF (served from storage) opens.
 */

// Each flow loads PDFs twice or more (pdf.js, its worker, the text layer): give them the slow-test budget.
test.beforeEach(() => test.slow());

/** A recent arXiv paper whose title is plain text (no TeX), to find it by name. */
async function plainArxivPaper(client: ReturnType<typeof api>) {
  const papers = await client.recentPapers(10);
  const paper = papers.find((p) => p.platform === 'arxiv' && p.title && !/[$\\{}]/.test(p.title));
  if (!paper) throw new Error('no recent arXiv paper with a plain title');
  return paper;
}

/** Counts the viewer's requests to the PDF proxy (each load of a remote PDF is one or more). */
function countProxyRequests(page: Page) {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/pdf-proxy') count += 1;
  });
  return () => count;
}

test('[PDF VIEWER] an arXiv PDF that cannot be fetched says why, offers Retry and the paper page; an upload opens', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Reading');
  const paper = await plainArxivPaper(client);
  await client.addFile(folder, paper);
  await client.addFile(folder, await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Literature Graph paper'));
  await page.reload();
  const proxyRequests = countProxyRequests(page);
  const panel = await openPanel(page);

  await panel.getByRole('button', { name: paper.title, exact: true }).click();
  const viewer = panel.getByRole('region', { name: paper.title });
  // docs/security.md#remote-pdfs: the proxy answers 502 (details.reason unreachable), and the viewer says so.
  const failure = viewer.getByRole('alert', { name: 'arXiv unreachable' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('This PDF is fetched from arXiv, which did not answer');
  const paperPage = failure.getByRole('link', { name: 'Open paper page' });
  await expect(paperPage).toHaveAttribute('href', `/paper/${encodeURIComponent(paper.paper_id)}/arxiv`);

  // Retry loads it again: a new request to the proxy (it caches no failure), and the same answer.
  const before = proxyRequests();
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(proxyRequests).toBeGreaterThan(before);
  await expect(viewer.getByRole('alert', { name: 'arXiv unreachable' })).toBeVisible({ timeout: 20_000 });

  // The paper page is in the app, in the same tab.
  await viewer.getByRole('link', { name: 'Open paper page' }).click();
  await expect(page).toHaveURL(new RegExp(`/paper/${encodeURIComponent(paper.paper_id)}/arxiv$`));
  await expect(page.getByRole('heading', { level: 1, name: paper.title })).toBeVisible();

  // An upload's PDF, served from storage, opens with no failure.
  await viewer.getByRole('button', { name: 'Close PDF' }).click();
  await panel.getByRole('button', { name: 'Literature Graph paper', exact: true }).click();
  const upload = panel.getByRole('region', { name: 'Literature Graph paper' });
  await expect(upload.locator('[data-page-number="1"] .textLayer')).toContainText('Literature Graph', {
    timeout: 20_000,
  });
  await expect(upload.getByRole('alert')).toHaveCount(0);
});

test('[FORUM] PDF on a shared folder page opens the in-app viewer, not the raw PDF URL', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Shared reading');
  const paper = await plainArxivPaper(client);
  await client.addFile(folder, paper);
  await client.addFile(folder, await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Literature Graph paper'));
  const shared = await request.post('/api/forum/', {
    headers: { 'X-User-ID': userId },
    data: { folder_id: folder, is_public: true },
  });
  expect(shared.status()).toBe(201);

  await page.goto(`/rwf/${folder}`);
  const folderUrl = page.url();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));

  // The arXiv paper: no raw link (arxiv.org/pdf, the proxy), a button that opens the viewer in place.
  const card = page.getByRole('article', { name: paper.title });
  await expect(card.getByRole('link', { name: 'PDF' })).toHaveCount(0);
  await card.getByRole('button', { name: 'PDF', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'File List' });
  const viewer = panel.getByRole('region', { name: paper.title });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('alert', { name: 'arXiv unreachable' })).toBeVisible({ timeout: 20_000 });

  // The upload: its PDF, read with X-User-ID in the viewer, not /api/uploads/…/pdf or a signed URL in a tab.
  const uploadCard = page.getByRole('article', { name: 'Literature Graph paper' });
  await uploadCard.getByRole('button', { name: 'PDF', exact: true }).click();
  const upload = panel.getByRole('region', { name: 'Literature Graph paper' });
  await expect(upload.locator('[data-page-number="1"] .textLayer')).toContainText('Literature Graph', {
    timeout: 20_000,
  });

  expect(page.url()).toBe(folderUrl);
  expect(navigations).toEqual([]);
  expect(popups).toEqual([]);
});
