import { expect, test } from '@playwright/test';
import { api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

test('[FILE LIST] open a PDF: its first page text is in the text layer; close it', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Papers');
  const paper = await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Literature Graph paper');
  await client.addFile(folder, paper);
  await page.reload();
  const panel = await openPanel(page);

  await panel.getByRole('button', { name: 'Literature Graph paper', exact: true }).click();
  const viewer = panel.getByRole('region', { name: 'Literature Graph paper' });
  await expect(viewer).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/\bpdf-active\b/);
  const newWindow = viewer.getByRole('link', { name: 'Open in new window' });
  await expect(newWindow).toHaveAttribute('target', '_blank');
  // docs/security.md#sessions: a signed short-lived URL, never the user's id, and it opens without any header.
  const pdfPath = `/api/uploads/${encodeURIComponent(paper.paper_id)}/pdf`;
  await expect(newWindow).toHaveAttribute('href', new RegExp(`^${pdfPath}\\?u=\\d+&exp=\\d+&sig=[\\w-]{43}$`));
  const href = (await newWindow.getAttribute('href')) as string;
  expect(href).not.toContain(userId);
  const opened = await request.get(href);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect((await request.get(`${pdfPath}?uid=${userId}`)).status()).toBe(401);

  // pdf.js text layer: selectable text over the canvas of page 1.
  const firstPage = viewer.locator('[data-page-number="1"]');
  await expect(firstPage.locator('.textLayer')).toContainText('Literature Graph', { timeout: 20_000 });
  await expect(viewer.getByText('Page 1 / 8')).toBeVisible();
  // Pages render on demand: the last page has no text yet.
  await expect(viewer.locator('[data-page-number="8"] .textLayer span')).toHaveCount(0);
  await viewer.locator('[data-page-number="8"]').scrollIntoViewIfNeeded();
  await expect(viewer.getByText('Page 8 / 8')).toBeVisible();
  await expect(viewer.locator('[data-page-number="8"] .textLayer span').first()).toBeAttached();

  // Zoom changes the page size.
  const before = (await firstPage.boundingBox())?.width ?? 0;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(before);

  // The File List toggle closes the PDF (not the panel) while one is shown.
  await page.getByRole('button', { name: /^File List/ }).click();
  await expect(viewer).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'File List' })).toBeVisible();
  await expect(page.locator('body')).not.toHaveClass(/\bpdf-active\b/);

  // The close button closes it too.
  await panel.getByRole('button', { name: 'Literature Graph paper', exact: true }).click();
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Close PDF' }).click();
  await expect(viewer).toBeHidden();
  await expect(panel.getByRole('heading', { name: 'File List' })).toBeVisible();
});

test('[FILE LIST] Read on the paper page opens the viewer; the page shows the full record', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const paper = await api(request, userId).upload(requirePdf(LITERATURE_GRAPH_PDF), 'An uploaded paper');
  await page.goto(`/paper/${encodeURIComponent(paper.paper_id)}/upload`);
  await expect(page.getByRole('heading', { level: 1, name: 'An uploaded paper' })).toBeVisible();
  // No raw PDF link on the page: Read opens the viewer (its 'Open in new window' is the signed link), and an
  // upload has no source link (its PDF path would answer a plain link with 401).
  await expect(page.getByRole('link', { name: 'PDF', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Source' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Read' }).click();
  const viewer = page.getByRole('region', { name: 'An uploaded paper' });
  await expect(viewer.locator('[data-page-number="1"] .textLayer')).toContainText('Literature Graph', {
    timeout: 20_000,
  });
});

test('[FILE LIST] the paper page of an unknown paper says it is not found', async ({ page }) => {
  await page.goto('/paper/0000.00000/arxiv');
  await expect(page.getByRole('heading', { level: 1, name: 'Paper not found' })).toBeVisible();
});
