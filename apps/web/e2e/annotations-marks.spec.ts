import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, openApp, openPanel, requirePdf, SPECTER_PDF } from './support/library';

/** docs/annotations.md#in-the-reader: marking passages in the viewer's pages, in real Chromium with a real PDF. */

type TBox = { x: number; y: number; width: number; height: number };

const TITLE = 'SPECTER paper';

async function openViewer(page: Page) {
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: TITLE, exact: true }).click();
  const viewer = panel.getByRole('region', { name: TITLE });
  await expect(viewer.locator('[data-page-number="1"] .textLayer')).toContainText('SPECTER', { timeout: 20_000 });
  return viewer;
}

/** Page N scrolled into view with its text layer drawn. */
async function showPage(viewer: Locator, pageNumber: number) {
  const pageBox = viewer.locator(`[data-page-number="${pageNumber}"]`);
  // Scrolled to again until drawn: the first fit-to-width may still move the pages.
  await expect
    .poll(
      async () => {
        await pageBox.evaluate((element) => {
          const scroller = element.closest('.pdf-scroller') as HTMLElement;
          scroller.scrollTop = (element as HTMLElement).offsetTop;
        });
        return pageBox.locator('.textLayer span').count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(20);
  return pageBox;
}

/** A text span of the page holding a long run of words (a sentence's line), scrolled into view. */
async function longSpan(pageBox: Locator, skip = 0) {
  const index = await pageBox
    .locator('.textLayer > span')
    .evaluateAll(
      (spans, skipped) =>
        spans
          .map((span, at) => ({ at, text: span.textContent ?? '' }))
          .filter(({ text }) => text.length > 45 && /^[A-Za-z][a-z ,.]+$/.test(text.slice(0, 30)))[skipped]?.at ?? -1,
      skip,
    );
  expect(index).toBeGreaterThanOrEqual(0);
  const span = pageBox.locator('.textLayer > span').nth(index);
  await span.scrollIntoViewIfNeeded();
  return span;
}

/** Selects the span's words with the mouse, as a reader drags across a line. */
async function dragSelect(page: Page, span: Locator): Promise<TBox> {
  const box = (await span.boundingBox()) as TBox;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
  return box;
}

const markBox = async (mark: Locator) => (await mark.boundingBox()) as TBox;

test('[ANNOTATIONS] select → Highlight, drawn again over the same words after a reload; note, recolour, delete, area', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Papers');
  const paper = await client.upload(requirePdf(SPECTER_PDF), TITLE);
  await client.addFile(folder, paper);
  const listMarks = async () =>
    (
      await request.get(`/api/annotations?paper_id=${encodeURIComponent(paper.paper_id)}&platform=upload`, {
        headers: { 'X-User-ID': userId },
      })
    ).json();
  await page.reload();

  let viewer = await openViewer(page);
  let page2 = await showPage(viewer, 2);
  const span = await longSpan(page2);
  const words = (await span.textContent())?.trim() ?? '';
  const selected = await dragSelect(page, span);

  const toolbar = viewer.getByRole('toolbar', { name: 'Selection' });
  await expect(toolbar).toBeVisible();
  for (const name of [
    'Highlight',
    'Underline',
    'Add note',
    'Copy quote',
    'Ask AI',
    'Yellow',
    'Green',
    'Blue',
    'Pink',
  ]) {
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(toolbar.getByRole('button', { name: 'Yellow' })).toHaveAttribute('aria-pressed', 'true');

  // Copy quote: the words with the citation and the page; a brief status says so.
  await toolbar.getByRole('button', { name: 'Copy quote' }).click();
  await expect(viewer.getByRole('status').filter({ hasText: 'Quote copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^".+" \(.*p\. 2\)$/);
  expect(copied).toContain(words.slice(1, 20));

  await toolbar.getByRole('button', { name: 'Highlight', exact: true }).click();
  await expect(toolbar).toBeHidden();
  const highlight = viewer.getByRole('button', { name: /^Highlight on page 2: / });
  await expect(highlight).toBeVisible();
  await expect(highlight).toHaveClass(/annotation-mark/);
  const drawn = await markBox(highlight);
  // Over the selected words: the same line, nearly the same stretch.
  expect(Math.abs(drawn.y + drawn.height / 2 - (selected.y + selected.height / 2))).toBeLessThan(4);
  expect(Math.abs(drawn.x - selected.x)).toBeLessThan(8);
  expect(Math.abs(drawn.x + drawn.width - (selected.x + selected.width))).toBeLessThan(8);

  const [stored] = await listMarks();
  expect(stored).toMatchObject({ page: 2, kind: 'highlight', color: 'yellow', anchor: 'placed' });
  expect(stored.quote.exact.length).toBeGreaterThan(30);
  expect(words).toContain(stored.quote.exact.slice(0, 30));

  // After a reload, drawn from what was stored, over the same words.
  await page.reload();
  viewer = await openViewer(page);
  page2 = await showPage(viewer, 2);
  const again = viewer.locator(`.annotation-mark[data-annotation-id="${stored.id}"]`);
  await again.scrollIntoViewIfNeeded();
  const spanAgain = (await longSpan(page2).then((found) => found.boundingBox())) as TBox;
  const redrawn = await markBox(again);
  expect(Math.abs(redrawn.y + redrawn.height / 2 - (spanAgain.y + spanAgain.height / 2))).toBeLessThan(4);
  expect(Math.abs(redrawn.x - spanAgain.x)).toBeLessThan(8);
  expect(Math.abs(redrawn.width - spanAgain.width)).toBeLessThan(12);

  // Recolour from the mark's popover.
  await again.click();
  let dialog = viewer.getByRole('dialog', { name: 'Mark' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Green' }).click();
  await expect(again).toHaveAttribute('data-color', 'green');
  await expect(dialog.getByRole('button', { name: 'Green' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(again).toBeFocused();

  // Add note: a note mark, its popover open with the note field focused.
  await dragSelect(page, await longSpan(page2, 1));
  await viewer.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Add note' }).click();
  dialog = viewer.getByRole('dialog', { name: 'Mark' });
  const noteField = dialog.getByRole('textbox', { name: 'Note' });
  await expect(noteField).toBeFocused();
  await noteField.fill('Compare with SciBERT');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect
    .poll(async () => (await listMarks()).map((mark: { note: string | null }) => mark.note))
    .toContain('Compare with SciBERT');
  await page.keyboard.press('Escape');
  await expect(viewer.getByRole('button', { name: /^Note on page 2: / })).toBeVisible();

  // Next / previous mark from the keyboard.
  await viewer.getByRole('button', { name: /^Note on page 2: / }).focus();
  await page.keyboard.press('[');
  await expect(again).toBeFocused();
  await page.keyboard.press(']');
  await expect(viewer.getByRole('button', { name: /^Note on page 2: / })).toBeFocused();

  // Delete.
  await again.click();
  await viewer.getByRole('dialog', { name: 'Mark' }).getByRole('button', { name: 'Delete mark' }).click();
  await expect(again).toHaveCount(0);
  await expect.poll(async () => (await listMarks()).length).toBe(1);

  // An area mark over the figure on page 1: the Area tool, a drag, Escape puts the tool away.
  const area = viewer.getByRole('button', { name: 'Area', exact: true });
  await area.click();
  await expect(area).toHaveAttribute('aria-pressed', 'true');
  const page1 = viewer.locator('[data-page-number="1"]');
  await page1.scrollIntoViewIfNeeded();
  const box = (await page1.boundingBox()) as TBox;
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.4, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  const areaMark = viewer.getByRole('button', { name: /^Area on page 1/ });
  await expect(areaMark).toBeVisible();
  const drawnArea = await markBox(areaMark);
  expect(Math.abs(drawnArea.x - (box.x + box.width * 0.55))).toBeLessThan(3);
  expect(Math.abs(drawnArea.width - box.width * 0.35)).toBeLessThan(4);
  await page.keyboard.press('Escape');
  await expect(area).toHaveAttribute('aria-pressed', 'false');
  const areas = (await listMarks()).filter((mark: { kind: string }) => mark.kind === 'area');
  expect(areas).toHaveLength(1);
  expect(areas[0].rects[0].x).toBeCloseTo(0.55, 2);
  expect(areas[0].rects[0].height).toBeCloseTo(0.2, 2);

  // Ask AI from a mark opens chat (the quote travels in the router state, not the URL).
  await viewer.getByRole('button', { name: /^Note on page 2: / }).click();
  await viewer.getByRole('dialog', { name: 'Mark' }).getByRole('button', { name: 'Ask AI' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});
