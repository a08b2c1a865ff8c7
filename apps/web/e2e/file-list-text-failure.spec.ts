import { expect, test } from '@playwright/test';
import { api, openApp, openPanel } from './support/library';

/**
 * A 1.4 KB PDF whose page tree declares a million pages (each /Pages node lists the next ten times),
 * built here as the API's tests build it (apps/api/src/test-support/pdf-bombs.ts).
 */
function pageCountBomb(): Buffer {
  const levels = 6;
  const pageObject = levels + 2;
  const nodes = Array.from({ length: levels }, (_, level) => {
    const parent = level === 0 ? '' : ` /Parent ${level + 1} 0 R`;
    const kid = level === levels - 1 ? pageObject : level + 3;
    return `<< /Type /Pages${parent} /Kids [${Array(10).fill(`${kid} 0 R`).join(' ')}] /Count ${10 ** (levels - level)} >>`;
  });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...nodes,
    `<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 612 792] >>`,
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('[FILE LIST] an upload whose text cannot be read says so on its row (docs/security.md#work-queue-and-pdf-limits)', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Uploads');
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Paper' });
  await dialog.getByLabel('Title').fill('A million pages');
  await dialog
    .getByLabel('PDF File')
    .setInputFiles({ name: 'bomb.pdf', mimeType: 'application/pdf', buffer: pageCountBomb() });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to folders' });
  await picker.getByRole('checkbox', { name: /Uploads/ }).check();
  await picker.getByRole('button', { name: 'Add' }).click();
  await expect(picker).toBeHidden();

  const row = panel.getByRole('listitem').filter({ hasText: 'A million pages' });
  await expect(row.getByRole('note')).toHaveText(
    'Text could not be read: the PDF declares 1000000 pages, more than the limit of 2000',
    { timeout: 20_000 },
  );
});
