import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { api, folderToggle, LITERATURE_GRAPH_PDF, openApp, openPanel, requirePdf } from './support/library';

type TDropFile = { name: string; type: string; base64: string };

/** A DataTransfer holding the given files, built in the page (as a real drag from the desktop carries). */
function dataTransfer(page: Page, files: TDropFile[]) {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
}

const pdfFile = (): TDropFile => ({
  name: 'literature-graph.pdf',
  type: 'application/pdf',
  base64: readFileSync(requirePdf(LITERATURE_GRAPH_PDF)).toString('base64'),
});
/** The dropped paper's name in the File List: its file name, or its own title once the server has read it. */
const DROPPED_TITLE = /^(literature-graph|Construction of the Literature Graph in Semantic Scholar)$/;
const textFile: TDropFile = { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('notes').toString('base64') };

test('[FILE LIST] drop a PDF and a text file: only the PDF uploads, into the active folder', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Dropped');
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Dropped')).toHaveAttribute('aria-expanded', 'true');

  const transfer = await dataTransfer(page, [pdfFile(), textFile]);
  await page.dispatchEvent('#file-list-panel', 'dragenter', { dataTransfer: transfer });
  await expect(panel.getByText('Drop PDF files here to upload')).toBeVisible();
  // Crossing a child: enter then leave keeps the overlay (the counter is still 1).
  await page.dispatchEvent('#file-list-panel .file-list-body', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('#file-list-panel .file-list-body', 'dragleave', { dataTransfer: transfer });
  await expect(panel.getByText('Drop PDF files here to upload')).toBeVisible();
  await page.dispatchEvent('#file-list-panel', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('#file-list-panel', 'drop', { dataTransfer: transfer });
  await expect(panel.getByText('Drop PDF files here to upload')).toBeHidden();

  const uploads = panel.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem')).toHaveCount(1);
  await expect(uploads).toContainText('literature-graph.pdf');
  await expect(uploads).toContainText('✓ Success');
  // The success entry goes after 2 s.
  await expect(uploads).toBeHidden({ timeout: 5000 });
  // The title is the file name without .pdf until the server has read the PDF's own title
  // (docs/uploads.md#metadata-from-the-pdf); it sits in the active folder.
  await expect(panel.getByRole('button', { name: DROPPED_TITLE })).toBeVisible();
  await expect(folderToggle(page, 'Dropped')).toContainText('1');
});

test("[FILE LIST] dropping no PDF alerts 'Please drop PDF files'", async ({ page }) => {
  await openApp(page);
  await openPanel(page);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  const transfer = await dataTransfer(page, [textFile]);
  await page.dispatchEvent('#file-list-panel', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('#file-list-panel', 'drop', { dataTransfer: transfer });
  await expect.poll(() => alerts).toEqual(['Please drop PDF files']);
});

test('[FILE LIST] dropping a PDF uploaded before says it is already in the library and adds no second file', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  const client = api(request, userId);
  await client.createFolder('Dropped');
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Dropped')).toHaveAttribute('aria-expanded', 'true');
  const uploads = panel.getByRole('list', { name: 'Uploads' });

  const drop = async () => {
    const transfer = await dataTransfer(page, [pdfFile()]);
    await page.dispatchEvent('#file-list-panel', 'dragenter', { dataTransfer: transfer });
    await page.dispatchEvent('#file-list-panel', 'drop', { dataTransfer: transfer });
  };
  await drop();
  await expect(uploads).toContainText('✓ Success');
  await expect(uploads).toBeHidden({ timeout: 5000 });
  await drop();
  await expect(uploads).toContainText('✓ Already in your library');
  await expect(uploads).toBeHidden({ timeout: 5000 });

  // One paper, once in the folder; the server kept one upload.
  await expect(folderToggle(page, 'Dropped')).toContainText('1');
  await expect(panel.getByRole('button', { name: DROPPED_TITLE })).toHaveCount(1);
  expect(await client.userFiles()).toHaveLength(1);
});
