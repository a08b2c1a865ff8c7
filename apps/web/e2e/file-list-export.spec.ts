import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, folderToggle, openApp, openPanel } from './support/library';

test('[FILE LIST] Export BibTeX and Export RIS download the folder, named after it', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const paper = (await client.recentPapers(20)).find((p) => p.platform === 'arxiv');
  if (!paper) throw new Error('the seeded corpus has no arXiv papers');
  const folderId = await client.createFolder('Reading list');
  await client.addFile(folderId, paper);
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Reading list')).toBeVisible();

  const exportAs = async (label: 'Export BibTeX' | 'Export RIS') => {
    await panel.getByRole('button', { name: 'Export Reading list' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: label }).click(),
    ]);
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  };

  const bibtex = await exportAs('Export BibTeX');
  expect(bibtex.name).toBe('Reading list.bib');
  expect(bibtex.text).toMatch(/^@(misc|article)\{\w+,/);
  expect(bibtex.text).toContain(`url = {https://arxiv.org/abs/${paper.paper_id}}`);

  const ris = await exportAs('Export RIS');
  expect(ris.name).toBe('Reading list.ris');
  expect(ris.text).toMatch(/^TY {2}- \w+$/m);
  expect(ris.text).toContain(`UR  - https://arxiv.org/abs/${paper.paper_id}`);
  expect(ris.text).toContain(`TI  - ${paper.title.replace(/\s+/g, ' ').trim()}\n`);
  expect(ris.text).toMatch(/^ER {2}- *$/m);
});
