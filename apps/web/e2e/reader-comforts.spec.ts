import { writeFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { FIGURE_BOX, figurePdf } from './support/figure-pdf';
import { api, BMC_OUTLINE_PDF, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

/*
 * docs/reading.md: the viewer's reading comforts in real Chromium: the outline and page thumbnails, find,
 * resume reading, the keyboard, the dark theme and dark pages that keep a figure's pixels.
 */

// Each flow uploads and renders a real PDF: slower than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Uploads a PDF into a folder, opens it in the File List's viewer and waits for page 1's text. */
async function openPdf(page: Page, request: Parameters<typeof api>[0], file: string, title: string) {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folder = await client.createFolder('Reading');
  await client.addFile(folder, await client.upload(requirePdf(file), title));
  await page.reload();
  return openInViewer(page, title);
}

async function openInViewer(page: Page, title: string): Promise<Locator> {
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: title, exact: true }).click();
  const viewer = panel.getByRole('region', { name: title });
  await expect(viewer.locator('[data-page-number="1"] .textLayer span').first()).toBeAttached({ timeout: 20_000 });
  return viewer;
}

test('[READER] the outline is nested and goes to a section at its destination', async ({ page, request }) => {
  const viewer = await openPdf(page, request, BMC_OUTLINE_PDF, 'Barriers paper');
  const tools = viewer.getByRole('toolbar', { name: 'PDF tools' });
  const toggle = tools.getByRole('button', { name: 'Outline' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const outline = viewer.getByRole('navigation', { name: 'Outline' });
  // Nested as in the PDF: Methods holds Setting.
  await expect(
    outline
      .getByRole('listitem')
      .filter({ hasText: /^Methods/ })
      .getByRole('button', { name: 'Setting' }),
  ).toBeVisible();
  await outline.getByRole('button', { name: 'Interviews', exact: true }).click();
  await expect(viewer.getByText('Page 3 / 10')).toBeVisible();
  // 'Documentation' starts half-way down page 7: the view goes to the destination's top, not the page's.
  await outline.getByRole('button', { name: 'Documentation' }).click();
  const scroller = viewer.getByRole('region', { name: 'Document pages' });
  const into = () =>
    scroller.evaluate((element) => {
      const target = element.querySelector<HTMLElement>('[data-page-number="7"]') as HTMLElement;
      return (element.scrollTop - target.offsetTop) / target.offsetHeight;
    });
  await expect.poll(into).toBeGreaterThan(0.4);
  expect(await into()).toBeLessThan(0.7);
  // The section being read (the last one starting on or before the current page) is marked.
  await expect(outline.locator('[aria-current="location"]')).toHaveCount(1);
});

test('[READER] no outline; thumbnails go to their page; the keyboard pages and zooms', async ({ page, request }) => {
  const viewer = await openPdf(page, request, LITERATURE_GRAPH_PDF, 'Literature Graph paper');
  await viewer.getByRole('button', { name: 'Outline' }).click();
  await expect(viewer.getByText('This PDF has no outline.')).toBeVisible();

  await viewer.getByRole('tab', { name: 'Pages' }).click();
  const strip = viewer.getByRole('list', { name: 'Pages' });
  await expect(strip.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await strip.getByRole('button', { name: 'Page 5', exact: true }).click();
  await expect(viewer.getByText('Page 5 / 8')).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Page 5', exact: true })).toHaveAttribute('aria-current', 'page');
  // Thumbnails are drawn when seen: page 5's canvas has pixels.
  await expect
    .poll(() =>
      strip
        .getByRole('button', { name: 'Page 1', exact: true })
        .locator('canvas')
        .evaluate((c) => (c as HTMLCanvasElement).width),
    )
    .toBeGreaterThan(0);

  const scroller = viewer.getByRole('region', { name: 'Document pages' });
  await scroller.focus();
  await page.keyboard.press('End');
  await expect(viewer.getByText('Page 8 / 8')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(viewer.getByText('Page 1 / 8')).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(viewer.getByText('Page 2 / 8')).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(viewer.getByText('Page 1 / 8')).toBeVisible();

  const zoom = viewer.getByTitle('Zoom level');
  const fitted = await zoom.textContent();
  await page.keyboard.press('Control+=');
  await expect(zoom).not.toHaveText(fitted as string);
  await page.keyboard.press('Control+0');
  await expect(zoom).toHaveText(fitted as string);
  await page.keyboard.press('Control+-');
  await expect(zoom).not.toHaveText(fitted as string);
});

test('[READER] find counts matches, steps through them and marks the current one', async ({ page, request }) => {
  const viewer = await openPdf(page, request, LITERATURE_GRAPH_PDF, 'Literature Graph paper');
  await viewer.getByRole('region', { name: 'Document pages' }).focus();
  await page.keyboard.press('Control+f');
  const box = viewer.getByRole('searchbox', { name: 'Find in document' });
  await expect(box).toBeFocused();
  await box.fill('literature   GRAPH');
  const count = viewer.getByRole('status').filter({ hasText: / of \d+$/ });
  await expect(count).toHaveText(/^1 of \d+$/);
  const total = Number((await count.textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThan(2);
  await expect(viewer.locator('.textLayer .pdf-find-current').first()).toBeVisible();
  await expect(viewer.locator('.textLayer .pdf-find-current').first()).toContainText(/literature/i);

  await box.press('Enter');
  await expect(count).toHaveText(`2 of ${total}`);
  await viewer.getByRole('button', { name: 'Next match' }).click();
  await expect(count).toHaveText(`3 of ${total}`);
  await box.press('Shift+Enter');
  await expect(count).toHaveText(`2 of ${total}`);
  await viewer.getByRole('button', { name: 'Previous match' }).click();
  await viewer.getByRole('button', { name: 'Previous match' }).click();
  await expect(count).toHaveText(`${total} of ${total}`);

  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(viewer.locator('.textLayer .pdf-find-match')).toHaveCount(0);
  await expect(viewer.getByRole('region', { name: 'Document pages' })).toBeFocused();
});

test('[READER] a paper opens where the reader left it, after a reload', async ({ page, request }) => {
  const viewer = await openPdf(page, request, LITERATURE_GRAPH_PDF, 'Literature Graph paper');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/reading-position') && response.request().method() === 'PUT',
  );
  await viewer.getByRole('region', { name: 'Document pages' }).focus();
  // Each key pages from the page shown, so each waits for the one before it to land (a loaded machine
  // can deliver the scroll after the next key).
  await page.keyboard.press('End');
  await expect(viewer.getByText('Page 8 / 8')).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(viewer.getByText('Page 7 / 8')).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(viewer.getByText('Page 6 / 8')).toBeVisible();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ page: 6 });
  expect(response.url()).not.toContain('X-User-ID');

  await page.reload();
  const reopened = await openInViewer(page, 'Literature Graph paper').catch(() => null);
  const again = reopened ?? page.getByRole('region', { name: 'Literature Graph paper' });
  await expect(again.getByText('Page 6 / 8')).toBeVisible();
});

test('[READER] the dark theme is kept across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(11, 17, 32)');

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('[READER] with no choice made, the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

/** Mean RGB of a rectangle of page 1's canvas, given as fractions of the page. */
function sampleCanvas(viewer: Locator, box: { x: number; y: number; width: number; height: number }) {
  return viewer.locator('[data-page-number="1"] canvas').evaluate((element, rect) => {
    const canvas = element as HTMLCanvasElement;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const x = Math.floor(rect.x * canvas.width);
    const y = Math.floor(rect.y * canvas.height);
    const width = Math.max(1, Math.floor(rect.width * canvas.width));
    const height = Math.max(1, Math.floor(rect.height * canvas.height));
    const data = context.getImageData(x, y, width, height).data;
    let [red, green, blue] = [0, 0, 0];
    for (let index = 0; index < data.length; index += 4) {
      red += data[index] as number;
      green += data[index + 1] as number;
      blue += data[index + 2] as number;
    }
    const sum = [red, green, blue];
    const count = data.length / 4;
    return sum.map((value) => Math.round(value / count));
  }, box);
}

test('[READER] dark pages darken the page but keep a figure’s pixels', async ({ page, request }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const file = testInfo.outputPath('figure.pdf');
  writeFileSync(file, figurePdf());
  const viewer = await openPdf(page, request, file, 'Figure paper');
  const toggle = viewer.getByRole('button', { name: 'Dark pages' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // The figure's red quadrant (inside its edges, where the scaled image is not blended) and the blank top margin.
  const red = {
    x: FIGURE_BOX.x + FIGURE_BOX.width * 0.1,
    y: FIGURE_BOX.y + FIGURE_BOX.height * 0.1,
    width: FIGURE_BOX.width * 0.3,
    height: FIGURE_BOX.height * 0.3,
  };
  const margin = { x: 0.1, y: 0.01, width: 0.8, height: 0.02 };
  await expect.poll(async () => (await sampleCanvas(viewer, red))[0]).toBeGreaterThan(150);
  expect((await sampleCanvas(viewer, margin))[0]).toBeGreaterThan(240);
  const figureLight = await sampleCanvas(viewer, red);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await sampleCanvas(viewer, margin))[0], { timeout: 15_000 }).toBeLessThan(60);
  const figureDark = await sampleCanvas(viewer, red);
  for (const [channel, value] of figureDark.entries()) {
    expect(Math.abs(value - (figureLight[channel] as number))).toBeLessThanOrEqual(6);
  }
  // Not a CSS invert: the canvas itself holds the colours.
  expect(await viewer.locator('[data-page-number="1"] canvas').evaluate((c) => getComputedStyle(c).filter)).toBe(
    'none',
  );

  // Dark pages are on by default with the dark theme.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await page.reload();
  const reopened = await openInViewer(page, 'Figure paper');
  await expect(reopened.getByRole('button', { name: 'Dark pages' })).toHaveAttribute('aria-pressed', 'true');
});
