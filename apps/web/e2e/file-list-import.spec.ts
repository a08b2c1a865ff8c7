import { expect, test } from '@playwright/test';
import { api, folderToggle, openApp, openPanel } from './support/library';

test('[FILE LIST] Import references: a BibTeX with one known arXiv paper and one unknown entry', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const paper = (await client.recentPapers(20)).find((p) => p.platform === 'arxiv');
  if (!paper) throw new Error('the seeded corpus has no arXiv papers');
  await client.createFolder('Imported');
  const bib = [
    `@misc{known, title = {Whatever the file calls it}, eprint = {${paper.paper_id}}, archivePrefix = {arXiv}}`,
    '@article{unknown, title = {A Paper Nobody Has Heard Of}, author = {Roe, Jane}, year = {2021}}',
    '',
  ].join('\n');

  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Imported')).toBeVisible();
  await panel.getByRole('button', { name: 'Import references' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import references into Imported' });
  await dialog.getByLabel(/Bibliography file/).setInputFiles({
    name: 'refs.bib',
    mimeType: 'application/x-bibtex',
    buffer: Buffer.from(bib),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();

  const report = dialog.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible();
  const count = (label: string) => report.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(count('Added to the folder')).toHaveText('2');
  await expect(count('Matched to known papers')).toHaveText('1');
  await expect(count('New papers without a PDF')).toHaveText('1');
  await expect(count('Rejected')).toHaveText('0');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const files = panel.getByRole('list', { name: 'Files in Imported' });
  await expect(files.getByRole('button', { name: paper.title.replace(/\s+/g, ' ').trim(), exact: true })).toBeVisible();
  await expect(files.getByText('A Paper Nobody Has Heard Of')).toBeVisible();
  await expect(files.getByText('No PDF yet')).toBeVisible();
  await expect(files.getByRole('button', { name: 'Attach PDF to A Paper Nobody Has Heard Of' })).toBeVisible();
});
