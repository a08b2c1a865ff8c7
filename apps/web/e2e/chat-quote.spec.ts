import { expect, test } from '@playwright/test';
import { api, openApp, requirePdf, SPECTER_PDF } from './support/library';

/**
 * docs/ai.md#asking-about-a-quote, offline: the reader's Ask AI opens /chat with the marked passage as
 * router state (chatWithQuote); the chat shows it as a removable chip, sends it with the next question,
 * and the answer quotes it as passage [1], on its page. The quote's paper is not selected in the File List.
 */
test('[CHAT] a quote from the reader is the next question’s context, cited as passage 1', async ({ page, request }) => {
  test.setTimeout(90_000);
  const userId = await openApp(page);
  const client = api(request, userId);
  const folderId = await client.createFolder('Reading');
  const paper = await client.upload(requirePdf(SPECTER_PDF), 'SPECTER: Document-level Representation Learning');
  await client.addFile(folderId, paper);
  await expect
    .poll(
      async () => (await client.userFiles()).map((file) => (file as { embedding_status?: string }).embedding_status),
      {
        timeout: 60_000,
      },
    )
    .toEqual(['ready']);

  const quote = {
    ...paper,
    page: 1,
    exact: 'Document-level Representation Learning using Citation-informed Transformers',
  };
  await page.goto('/chat');
  // react-router keeps a location's state in history.state.usr: what navigate(to, {state}) leaves there.
  await page.evaluate((usr) => window.history.replaceState({ usr, key: 'ask-ai', idx: 0 }, '', '/chat'), { quote });
  await page.reload();

  await expect(page.getByText(`Asking about: “${quote.exact}” — p. 1`)).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Your question' });
  await expect(box).toHaveValue('');
  await box.fill('What does this title promise?');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Extractive answer — no AI model configured')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Citation 1, page 1' }).first()).toBeVisible();
  await expect(page.getByText(/Asking about/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove quote' })).toHaveCount(0);
});
