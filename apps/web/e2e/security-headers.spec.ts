import { expect, type Page, test } from '@playwright/test';
import { api, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

/**
 * docs/security.md#browser-headers: the strict self-only Content Security Policy blocks nothing the app itself does.
 * Every violation is recorded twice over: the browser's console message and the DOM's
 * securitypolicyviolation event (which also names the directive).
 */
function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation on ${location.pathname}: ${event.violatedDirective} blocked ` +
          `${event.blockedURI} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  return violations;
}

test('[HEADERS] home, TeX, the metric chart, the PDF viewer and the API docs run under the CSP', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const violations = recordCspViolations(page);
  const loaded: string[] = [];
  page.on('requestfinished', (finished) => loaded.push(new URL(finished.url()).pathname));

  // Home: the page itself carries the headers.
  const home = await page.goto('/');
  const headers = home?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  const userId = await openApp(page);

  // Chart.js in the site metric popover draws its canvas.
  await page.getByRole('button', { name: /^Page views: \d/ }).click();
  const popover = page.getByRole('dialog', { name: 'Page views over the past 5 days' });
  await expect(popover.locator('canvas')).toHaveAttribute('width', '180');

  // KaTeX renders a title with math, its fonts load (same-origin) and its inline sizes apply.
  await page.goto('/search?q=MoS2%20dual-gate%20transistors%20electrostatically%20doped');
  const title = page.locator('.search-screen article h3').first();
  await expect(title.locator('.katex')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px KaTeX_Main'))))
    .toBe(true);
  expect(loaded.some((pathname) => /\/assets\/KaTeX_Main-Regular-.*\.woff2$/.test(pathname))).toBe(true);

  // The pdf.js worker (a same-origin file) renders an upload's first page with its text layer.
  const client = api(request, userId);
  const folder = await client.createFolder('Papers');
  const paper = await client.upload(requirePdf(LITERATURE_GRAPH_PDF), 'Literature Graph paper');
  await client.addFile(folder, paper);
  await page.goto('/');
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Literature Graph paper', exact: true }).click();
  const viewer = panel.getByRole('region', { name: 'Literature Graph paper' });
  await expect(viewer.locator('[data-page-number="1"] .textLayer')).toContainText('Literature Graph', {
    timeout: 20_000,
  });
  // A real worker from our own origin, not pdf.js's main-thread fallback.
  expect(loaded.some((pathname) => /\/assets\/pdf\.worker\.min-.*\.mjs$/.test(pathname))).toBe(true);

  // Swagger UI at /api/docs works under its policy.
  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Paperbench API');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('[HEADERS] a hostile \\rule title cannot cover the page (KaTeX maxSize)', async ({ page, request }) => {
  const userId = await openApp(page);
  const paper = await api(request, userId).upload(
    requirePdf(LITERATURE_GRAPH_PDF),
    'Huge $\\rule{100000em}{100000em}$ rule',
  );
  await page.goto(`/paper/${encodeURIComponent(paper.paper_id)}/upload`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading.locator('.katex .rule')).toHaveCount(1);
  const box = await heading.boundingBox();
  // 10em of a heading's font, never the 3.1 million pixels it once reached.
  expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThan(800);
  expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThan(1280);
});
