import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, openApp, PDF_DIR, requirePdf } from './support/library';

/** Tully et al., Hindawi Rehabilitation Research and Practice 2010, CC BY 3.0 (apps/api/test/fixtures/pdfs/README.md): a numbered list. */
const NUMBERED_PDF = path.join(PDF_DIR, 'hindawi-rrp-2010-tully-et-al.pdf');

test('[REFERENCES] an upload with a numbered list: References (N…) on its page, a marker card in the viewer', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const paper = await api(request, userId).upload(requirePdf(NUMBERED_PDF), 'A paper with numbered references');
  const pagePath = `/paper/${encodeURIComponent(paper.paper_id)}/upload`;
  // The list is parsed when the text is extracted (the upload's job): poll the route, then open the page.
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/papers/${encodeURIComponent(paper.paper_id)}/references?platform=upload`,
          {
            headers: { 'X-User-ID': userId },
          },
        );
        return ((await response.json()) as unknown[]).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(10);
  await page.goto(pagePath);
  const heading = page.getByRole('heading', { name: /^References \(\d+, 0 in this library\)$/ });
  await expect(heading).toBeVisible();
  const list = page.getByRole('list', { name: 'References' });
  await expect(list.getByRole('listitem').first()).toContainText('Shattuck lecture');
  await expect(page.getByRole('heading', { name: 'Cited by (0)' })).toBeVisible();

  // The viewer: the first in-text marker on page 1 becomes focusable, and focusing it shows the card.
  await page.getByRole('button', { name: 'Read' }).click();
  const viewer = page.getByRole('region', { name: 'A paper with numbered references' });
  const marker = viewer.locator('[data-page-number="1"] .citation-marker').first();
  await expect(marker).toBeAttached({ timeout: 20_000 });
  await marker.focus();
  const card = viewer.getByRole('dialog', { name: /^Citation \[1\]/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Shattuck lecture');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});
