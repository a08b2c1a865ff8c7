import { expect, test } from '@playwright/test';
import {
  api,
  folderToggle,
  LITERATURE_GRAPH_PDF,
  openApp,
  openPanel,
  requirePdf,
  SPECTER_PDF,
} from './support/library';

/**
 * docs/ai.md#chat, offline (the e2e server has no model): two uploaded PDFs, selected in the File
 * List, answer a question with verbatim, cited sentences; a citation opens the PDF at its page with
 * the quote highlighted in the text layer.
 */
test('[CHAT] ask the selected papers; the answer streams with citations that open the PDF at the cited page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const userId = await openApp(page);
  const client = api(request, userId);
  const folderId = await client.createFolder('Reading');
  for (const [file, title] of [
    [LITERATURE_GRAPH_PDF, 'Construction of the Literature Graph in Semantic Scholar'],
    [SPECTER_PDF, 'SPECTER: Document-level Representation Learning'],
  ] as const) {
    await client.addFile(folderId, await client.upload(requirePdf(file), title));
  }
  // Text extraction and passages run on the worker: wait until both papers are ready.
  await expect
    .poll(
      async () => (await client.userFiles()).map((file) => (file as { embedding_status?: string }).embedding_status),
      {
        timeout: 60_000,
      },
    )
    .toEqual(['ready', 'ready']);

  // requirements §4: the first folder opens expanded; ticking a row selects the paper for chat.
  const panel = await openPanel(page);
  await expect(folderToggle(page, 'Reading')).toHaveAttribute('aria-expanded', 'true');
  const checkboxes = panel.getByRole('checkbox', { name: /^Select / });
  await expect(checkboxes).toHaveCount(2);
  for (const checkbox of await checkboxes.all()) await checkbox.check();
  await expect
    .poll(async () => (await client.userFiles()).filter((file) => (file as { selected?: boolean }).selected).length)
    .toBe(2);
  await panel.getByRole('button', { name: 'Close File List' }).click();

  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByText('No AI model is configured on this server', { exact: false })).toBeVisible();
  await expect(page.getByText('Construction of the Literature Graph in Semantic Scholar').first()).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Your question' })
    .fill('How is entity linking done in the literature graph?');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Extractive answer — no AI model configured')).toBeVisible({ timeout: 20_000 });
  const chip = page.getByRole('button', { name: /^Citation 1, page \d+$/ }).first();
  await expect(chip).toBeVisible();
  const citedPage = Number((await chip.getAttribute('aria-label'))?.match(/page (\d+)/)?.[1]);

  await chip.click();
  const viewer = page.getByRole('complementary', { name: 'File List' });
  const pageView = viewer.locator(`[data-page-number="${citedPage}"]`);
  await expect(pageView.locator('.pdf-highlight').first()).toBeVisible({ timeout: 20_000 });
  await expect(pageView).toBeInViewport();
});
