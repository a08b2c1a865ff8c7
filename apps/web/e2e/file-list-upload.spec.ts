import { expect, type Page, test } from '@playwright/test';
import { api, folderToggle, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

test('[FILE LIST] upload a real PDF through the dialog, then add it to a folder', async ({ page, request }) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Uploads');
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Upload Paper' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const date = dialog.getByLabel('Published Date');
  await expect(date).toHaveAttribute('type', 'date');
  await expect(date).toHaveAttribute('placeholder', '1900-01-01');
  await dialog.getByLabel('Title').fill('Construction of the Literature Graph in Semantic Scholar');
  await dialog.getByLabel('Authors').fill('Waleed Ammar, Dirk Groeneveld');
  await date.fill('2018-06-01');
  await dialog.getByLabel('PDF File').setInputFiles(requirePdf(LITERATURE_GRAPH_PDF));
  await expect(submit).toBeEnabled();
  await submit.click();

  // On success the dialog closes and the add-to-folders modal opens for the new paper.
  await expect(dialog).toBeHidden();
  const picker = page.getByRole('dialog', { name: 'Add to folders' });
  await expect(picker).toBeVisible();
  await picker.getByRole('checkbox', { name: /Uploads/ }).check();
  await picker.getByRole('button', { name: 'Add' }).click();
  await expect(picker).toBeHidden();
  await expect(folderToggle(page, 'Uploads')).toContainText('1');
  await expect(
    panel.getByRole('button', { name: 'Construction of the Literature Graph in Semantic Scholar', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'File List, 1 file' })).toBeVisible();
});

/** Opens the Upload Paper dialog from the panel and records every alert the page shows (accepting it). */
async function openUploadDialogCollectingAlerts(page: Page) {
  await openApp(page);
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  const alerts: string[] = [];
  page.on('dialog', (prompt) => {
    alerts.push(prompt.message());
    void prompt.accept();
  });
  return { dialog: page.getByRole('dialog', { name: 'Upload Paper' }), alerts };
}

test('[FILE LIST] the upload dialog refuses a file that is not a PDF', async ({ page }) => {
  const { dialog, alerts } = await openUploadDialogCollectingAlerts(page);
  await dialog
    .getByLabel('PDF File')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
  await expect.poll(() => alerts).toEqual(['Please choose a PDF file.']);
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('[FILE LIST] a renamed non-PDF that passes the name check is refused by the server', async ({ page }) => {
  const { dialog, alerts } = await openUploadDialogCollectingAlerts(page);
  await dialog
    .getByLabel('PDF File')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => alerts).toHaveLength(1);
  expect(alerts[0]).toMatch(/^Upload Failed: .+ Please try again\.$/);
  await expect(dialog).toBeVisible();
});
