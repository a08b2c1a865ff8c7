import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, LITERATURE_GRAPH_PDF, openApp, PDF_DIR, requirePdf, SPECTER_PDF } from './support/library';

/** Webb et al., "VESPA", PeerJ Computer Science 2017, CC BY 4.0 (apps/api/test/fixtures/pdfs/README.md). */
const VESPA_PDF = path.join(PDF_DIR, 'peerj-cs-2017-vespa-webb-et-al.pdf');

const PAPERS = [
  [LITERATURE_GRAPH_PDF, 'Construction of the Literature Graph in Semantic Scholar'],
  [SPECTER_PDF, 'SPECTER: Document-level Representation Learning'],
  [VESPA_PDF, 'VESPA: Very large-scale Evolutionary and Selective Pressure Analyses'],
] as const;

/**
 * docs/review.md, offline (the e2e server has no model): three papers of the File List become a review's
 * graph, linked twice with the keyboard form; the written section is extractive and labelled so, cites
 * only the graph's papers, and its BibTeX export holds their three keys.
 */
test('[REVIEW] build a graph of three papers with two links, write the section, export BibTeX', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Screenshots of the populated session at both widths, kept with the run's output for review.
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const userId = await openApp(page);
  const client = api(request, userId);
  const folderId = await client.createFolder('Related work');
  for (const [file, title] of PAPERS) await client.addFile(folderId, await client.upload(requirePdf(file), title));
  // The extractive draft quotes the papers' text, read on the worker: wait until all three are ready.
  await expect
    .poll(
      async () => (await client.userFiles()).map((file) => (file as { embedding_status?: string }).embedding_status),
      {
        timeout: 60_000,
      },
    )
    .toEqual(['ready', 'ready', 'ready']);

  await page.goto('/review');
  await page.getByRole('button', { name: 'New review' }).click();
  await expect(page.getByRole('tab', { name: /Papers/ })).toHaveAttribute('aria-selected', 'true');

  // Papers: the three from the File List.
  await page.getByRole('button', { name: 'Add from File List' }).click();
  const picker = page.getByRole('form', { name: 'Add from File List' });
  for (const [, title] of PAPERS) await picker.getByRole('checkbox', { name: title }).check();
  await picker.getByRole('button', { name: 'Add 3 papers' }).click();
  const papers = page.getByRole('list', { name: 'Papers in this review' });
  await expect(papers.getByRole('listitem')).toHaveCount(3);

  // Graph: two links through the form (the canvas's keyboard and screen-reader route).
  await page.getByRole('tab', { name: /Graph/ }).click();
  await expect(page.getByRole('region', { name: 'Graph canvas' }).locator('.react-flow__node')).toHaveCount(3);
  const form = page.getByRole('form', { name: 'Link two papers' });
  const links = page.getByRole('list', { name: 'Links' });
  const link = async (source: string, relation: string, target: string) => {
    await form.getByLabel('Source paper').selectOption({ label: source });
    await form.getByLabel('Relation').fill(relation);
    await form.getByLabel('Target paper').selectOption({ label: target });
    await form.getByRole('button', { name: 'Add link' }).click();
    await expect(links.getByText(relation, { exact: true })).toBeVisible();
  };
  const nodeLabel = async (title: string) =>
    (await form
      .getByLabel('Source paper')
      .locator('option', { hasText: title.slice(0, 20) })
      .textContent()) ?? '';
  const graphPaper = await nodeLabel(PAPERS[0][1]);
  const specter = await nodeLabel(PAPERS[1][1]);
  const vespa = await nodeLabel(PAPERS[2][1]);
  await link(specter, 'extends', graphPaper);
  await link(vespa, 'compares with', graphPaper);
  await expect(links.getByRole('listitem')).toHaveCount(2);
  await expect(links).toContainText('extends');
  await expect(page.getByRole('region', { name: 'Graph canvas' }).locator('.react-flow__edge')).toHaveCount(2);
  // Mark complete: similar papers may be proposed, but a proposal is never a link until accepted.
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByText(/3 papers · 2 links · Complete/)).toBeVisible();
  await expect(links.getByRole('listitem')).toHaveCount(2);
  await shot('graph-1280');

  // Write: offline, the draft is extractive and says so; every reference is a paper of the graph.
  await page.getByRole('tab', { name: /Write/ }).click();
  await page.getByRole('button', { name: 'Write section' }).click();
  const draft = page.getByRole('article', { name: 'Related-work draft' });
  await expect(draft.getByText('Extractive draft — no AI model configured', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(draft.getByText(/^Citation check:/)).toBeVisible({ timeout: 30_000 });
  const references = draft.getByRole('list', { name: 'References' }).getByRole('listitem');
  const titles = await references.locator('.review-reference-title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(PAPERS.map(([, paper]) => paper)).toContain(title);
  await expect(draft.getByRole('button', { name: /^Citation 1, / }).first()).toBeVisible();
  const keys = await references.evaluateAll((items) => items.map((item) => item.getAttribute('data-key') ?? ''));
  const sectionsBefore = await draft.locator('.review-section h3').allTextContents();
  expect(sectionsBefore.length).toBeGreaterThan(0);

  await shot('write-1280');

  // Export: the BibTeX download holds the key of every reference (all three papers).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'BibTeX' }).click(),
  ]);
  const bibtex = readFileSync((await download.path()) ?? '', 'utf8');
  expect(keys).toHaveLength(3);
  for (const key of keys) expect(bibtex).toContain(`{${key},`);
  // The uploads were given no published date (requirements §9 stores 1900-01-01): no year, never 1900.
  expect(keys.join(' ')).not.toContain('1900');
  expect(bibtex).not.toContain('1900');

  // Chat: grounded in the session's papers, extractive offline and labelled so.
  await page.getByRole('tab', { name: /Chat/ }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill('How are papers represented as vectors?');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Extractive answer — no AI model configured')).toBeVisible({ timeout: 20_000 });
  await shot('chat-1280');

  // Reopened later: the Write tab shows the stored draft exactly as it was written.
  await page.reload();
  await page.getByRole('complementary', { name: 'Reviews' }).locator('.chat-sessions button').first().click();
  await page.getByRole('tab', { name: /Write/ }).click();
  await expect(page.getByText(/Your latest draft, written/)).toBeVisible();
  await expect(draft.getByText('Extractive draft — no AI model configured', { exact: false })).toBeVisible();
  await expect(draft.getByText(/^Citation check:/)).toBeVisible();
  expect(await draft.locator('.review-section h3').allTextContents()).toEqual(sectionsBefore);
  expect(
    await draft
      .getByRole('list', { name: 'References' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-key') ?? '')),
  ).toEqual(keys);
  await shot('write-reopened-1280');

  // 390 px wide: the panes stack and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await page.getByRole('tab', { name: /Papers/ }).click();
  await expect(papers.getByRole('listitem')).toHaveCount(3);
  // Each paper shows its authors (and its year when known) under its title.
  await expect(papers.locator('.review-file-byline')).toHaveCount(3);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await shot('papers-390');
  await page.getByRole('tab', { name: /Graph/ }).click();
  await expect(page.getByRole('region', { name: 'Graph canvas' }).locator('.react-flow__node')).toHaveCount(3);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await shot('graph-390');
  await page.getByRole('tab', { name: /Write/ }).click();
  await expect(page.getByText(/Your latest draft, written/)).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await shot('write-390');
});

/**
 * docs/review.md#web-review: on the canvas, a drag from one paper's handle to another asks for the
 * relation before anything is linked; a click on the link opens it for relabelling; Open shows the paper
 * in the File List's viewer.
 */
test('[REVIEW] link two papers on the canvas, relabel the link, open a paper', async ({ page, request }) => {
  const userId = await openApp(page);
  const headers = { 'X-User-ID': userId };
  const corpus = await api(request, userId).recentPapers(3);
  const session = await (await request.post('/api/review/sessions', { headers, data: { title: 'Canvas' } })).json();
  const added = await request.post(`/api/review/sessions/${session.id}/add_files`, {
    headers,
    data: { platform: corpus[0]?.platform, paper_ids: corpus.map((paper) => paper.paper_id) },
  });
  expect(added.status()).toBe(200);

  await page.goto('/review');
  await page.getByRole('button', { name: 'Canvas', exact: true }).click();
  await page.getByRole('tab', { name: /Graph/ }).click();
  const canvas = page.getByRole('region', { name: 'Graph canvas' });
  const nodes = canvas.locator('.react-flow__node');
  await expect(nodes).toHaveCount(3);
  const from = nodes.nth(0).locator('.react-flow__handle.source');
  const to = nodes.nth(1).locator('.react-flow__handle.target');
  // The view is fitted to the papers on the frame after they appear: drag once the handles stay put.
  const where = async () => JSON.stringify([await from.boundingBox(), await to.boundingBox()]);
  let last = '';
  await expect
    .poll(async () => {
      const now = await where();
      const isStill = now === last;
      last = now;
      return isStill;
    })
    .toBe(true);
  const [a, b] = [await from.boundingBox(), await to.boundingBox()];
  if (!a || !b) throw new Error('the handles are not on the page');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();

  // Nothing is linked until a relation is chosen.
  const picker = page.getByRole('form', { name: /^Relation for / });
  await expect(picker).toBeVisible();
  await expect(canvas.locator('.react-flow__edge')).toHaveCount(0);
  await picker.getByRole('button', { name: 'uses the data of' }).click();
  const links = page.getByRole('list', { name: 'Links' });
  await expect(links).toContainText('uses the data of');
  await expect(canvas.locator('.react-flow__edge')).toHaveCount(1);

  await canvas.locator('.react-flow__edge-textbg').first().click();
  const editor = links.getByRole('form', { name: /^Relation for / });
  await editor.getByRole('button', { name: 'compares with' }).click();
  await expect(links).toContainText('compares with');
  await expect(canvas.locator('.react-flow__edge')).toHaveCount(1);

  const title = corpus[0]?.title ?? '';
  await nodes
    .nth(0)
    .getByRole('button', { name: `Open ${title}` })
    .click();
  await expect(page.getByRole('complementary', { name: 'File List' })).toContainText(title.slice(0, 20));
});
