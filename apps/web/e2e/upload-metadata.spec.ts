import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, folderToggle, openApp, openPanel, PDF_DIR, requirePdf } from './support/library';

/** A JOSE paper (CC BY 4.0; apps/api/test/fixtures/pdfs-meta/README.md gives its citation). */
const SCHLOSS_PDF = path.join(PDF_DIR, '..', 'pdfs-meta', 'jose-2018-00013-schloss.pdf');
const TITLE = 'The Riffomonas Reproducible Research Tutorial Series';

test('[FILE LIST] choosing a PDF pre-fills the dialog from the PDF; the File List shows its real title and authors', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Reading');
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Paper' });
  await dialog.getByLabel('PDF File').setInputFiles(requirePdf(SCHLOSS_PDF));

  // docs/uploads.md#metadata-from-the-pdf: read on the server as soon as the file is chosen.
  await expect(dialog.getByRole('status')).toContainText('Read from the PDF');
  await expect(dialog.getByLabel('Title')).toHaveValue(TITLE);
  await expect(dialog.getByLabel('Authors')).toHaveValue('Patrick D Schloss');
  await expect(dialog.getByLabel('Published Date')).toHaveValue('2018-08-30');
  await expect(dialog.getByLabel('Abstract')).toHaveValue(/^The Riffomonas Reproducible Research tutorial series/);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const picker = page.getByRole('dialog', { name: 'Add to folders' });
  await picker.getByRole('checkbox', { name: /Reading/ }).check();
  await picker.getByRole('button', { name: 'Add' }).click();
  await expect(picker).toBeHidden();
  await expect(folderToggle(page, 'Reading')).toContainText('1');
  const entry = panel.getByRole('button', { name: TITLE, exact: true });
  await expect(entry).toBeVisible();

  // The paper's page carries the authors and year the PDF gave.
  const [folder] = await api(request, userId).folders();
  await page.goto(`/paper/${encodeURIComponent(folder?.files[0]?.paper_id ?? '')}/upload`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByText('Patrick D Schloss')).toBeVisible();
});

test('[FILE LIST] an upload with an empty form is named by the server from its PDF', async ({ page, request }) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  const folderId = await client.createFolder('Dropped');
  // As a drop upload sends it: the file and nothing typed.
  const paper = await client.upload(requirePdf(SCHLOSS_PDF), '');
  await client.addFile(folderId, paper);
  // docs/uploads.md#metadata-from-the-pdf: the text job fills the title, authors and date.
  await expect.poll(async () => (await client.folders())[0]?.files.length, { timeout: 20_000 }).toBe(1);
  await page.goto(`/paper/${encodeURIComponent(paper.paper_id)}/upload`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Patrick D Schloss')).toBeVisible();
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Dropped')).toContainText('1');
  await expect(panel.getByRole('button', { name: TITLE, exact: true })).toBeVisible();
});
