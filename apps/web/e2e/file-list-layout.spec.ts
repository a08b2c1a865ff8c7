import { expect, type Page, test } from '@playwright/test';
import { api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

async function openWithPdf(page: Page, request: Parameters<typeof api>[0]) {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Layout');
  await client.addFile(folder, await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Layout paper'));
  await page.reload();
}

const widthOf = async (page: Page) => (await page.locator('.app-body').boundingBox())?.width ?? 0;
const mainRightOf = async (page: Page) => {
  const box = await page.locator('#main').boundingBox();
  return (box?.x ?? 0) + (box?.width ?? 0);
};

test('[FILE LIST] layout at 1280 px: 340 px panel, clamp(580px, 45vw, 750px) with a PDF, 20 px margin', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWithPdf(page, request);
  const full = await widthOf(page);
  const panel = await openPanel(page);
  await expect.poll(() => widthOf(page)).toBe(full - 340);
  expect((await panel.boundingBox())?.width).toBe(340);
  // The content keeps at least a 20 px margin before the panel.
  expect(await mainRightOf(page)).toBeLessThanOrEqual(full - 340 - 20);

  await panel.getByRole('button', { name: 'Layout paper', exact: true }).click();
  await expect(panel.getByRole('region', { name: 'Layout paper' })).toBeVisible();
  const pdfWidth = Math.min(750, Math.max(580, 0.45 * 1280)); // 580
  await expect.poll(() => widthOf(page)).toBe(full - pdfWidth);
  expect((await panel.boundingBox())?.width).toBe(pdfWidth);
  expect(await mainRightOf(page)).toBeLessThanOrEqual(full - pdfWidth - 20);
});

test('[FILE LIST] layout at 800 px: content keeps the full width, with the panel and with a PDF', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await openWithPdf(page, request);
  const full = await widthOf(page);
  const panel = await openPanel(page);
  expect(await widthOf(page)).toBe(full);
  await panel.getByRole('button', { name: 'Layout paper', exact: true }).click();
  await expect(panel.getByRole('region', { name: 'Layout paper' })).toBeVisible();
  expect(await widthOf(page)).toBe(full);
  // The viewer replaced the file list.
  await expect(panel.getByRole('list', { name: 'Folders' })).toBeHidden();
});
