import { type Browser, expect, type Page, test } from '@playwright/test';
import { fakeGoogleName, signInAs } from './support/google';
import {
  acceptDialogs,
  api,
  folderToggle,
  LITERATURE_GRAPH_PDF,
  openApp,
  openPanel,
  requirePdf,
} from './support/library';

const ADA = 'ada.lovelace@example.test';
const BOB = 'bob.builder@example.test';

/** A fresh browser (own storage, so its own X-User-ID) showing the app. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Signs `page` in as `email` and returns a typed API client for that user. */
async function signedIn(page: Page, email: string) {
  await openApp(page);
  const userId = await signInAs(page, email);
  return api(page.request, userId);
}

/** A recent paper whose title is plain text (no TeX), to find its card by name. */
async function plainPaper(client: ReturnType<typeof api>) {
  const papers = await client.recentPapers(10);
  const paper = papers.find((p) => p.title && !/[$\\{}]/.test(p.title));
  if (!paper) throw new Error('no recent paper with a plain title');
  return paper;
}

/** Shares `folderName` from the File List with the given mode (requirements §2 Share dialog). */
async function shareFromFileList(page: Page, folderName: string, mode: 'Public' | 'Private') {
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: `Share ${folderName}` }).click();
  const choose = page.getByRole('dialog', { name: 'Choose the sharing mode' });
  await expect(choose.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await choose.getByRole('button', { name: mode }).click();
  return page.getByRole('dialog', { name: 'Sharing' });
}

test("[FORUM] File List: Share → 'Choose the sharing mode' → Private: the 'S' badge and 'share-folder-success'", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const client = await signedIn(page, 'grace.hopper@example.test');
  await client.createFolder('To share');
  await page.reload();
  await page.evaluate(() => {
    const w = window as unknown as { shareEvents: number };
    w.shareEvents = 0;
    window.addEventListener('share-folder-success', () => {
      w.shareEvents += 1;
    });
  });
  expect(await folderToggle(page, 'To share').getByTitle('Shared').count()).toBe(0);

  const sharing = await shareFromFileList(page, 'To share', 'Private');
  await expect(sharing).toBeVisible();
  await expect(folderToggle(page, 'To share').getByTitle('Shared')).toHaveText('S');
  await expect.poll(() => page.evaluate(() => (window as unknown as { shareEvents: number }).shareEvents)).toBe(1);
  const link = sharing.getByRole('textbox', { name: 'Link to the shared folder' });
  await expect(link).toHaveValue(/\/rwf\/\d+$/);
  await sharing.getByRole('button', { name: 'Copy' }).click();
  await expect(sharing.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expect(sharing.getByRole('button', { name: 'Private' })).toHaveAttribute('aria-pressed', 'true');
});

test('[FORUM] a private folder shared with a commenter; a stranger gets 404; made public, anyone reads it', async ({
  page,
  browser,
}) => {
  // A signs in, makes a folder with a paper, shares it privately and adds B as commenter.
  const ada = await signedIn(page, ADA);
  const folderId = await ada.createFolder('Related work');
  const paper = await plainPaper(ada);
  await ada.addFile(folderId, paper);
  await page.reload();
  const sharing = await shareFromFileList(page, 'Related work', 'Private');
  await sharing.getByRole('textbox', { name: 'Email of the person to add' }).fill(BOB);
  await sharing.getByRole('combobox', { name: 'Role of the person to add' }).selectOption('commenter');
  await sharing.getByRole('button', { name: 'Add' }).click();
  await expect(sharing.getByRole('combobox', { name: `Role of ${BOB}` })).toHaveValue('commenter');
  await sharing.getByRole('button', { name: 'Done' }).click();

  // B signs in elsewhere, finds it on /rwf, opens it and comments.
  const bobPage = await newVisitor(browser);
  await signedIn(bobPage, BOB);
  await bobPage.goto('/rwf');
  const entry = bobPage
    .getByRole('list', { name: 'Shared folders' })
    .getByRole('listitem')
    .filter({ hasText: 'Related work' });
  await expect(entry).toContainText('Private');
  await expect(entry).toContainText('Commenter');
  await expect(entry).toContainText(`Shared by ${fakeGoogleName(ADA)}`);
  await entry.getByRole('link', { name: 'Related work' }).click();
  await expect(bobPage).toHaveURL(new RegExp(`/rwf/${folderId}$`));
  await expect(bobPage.getByRole('heading', { level: 1, name: 'Related work' })).toBeVisible();
  await expect(bobPage.getByRole('article', { name: paper.title }).first()).toBeVisible();
  const comment = `Worth reading first <b>really</b>: https://arxiv.org/abs/${paper.paper_id}`;
  await bobPage.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await bobPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(bobPage.getByText('Worth reading first <b>really</b>:')).toBeVisible();

  // A reloads and sees B's comment, by B's name, with its link.
  await page.goto(`/rwf/${folderId}`);
  const bobsComment = page.getByRole('article', { name: `Comment by ${fakeGoogleName(BOB)}` });
  await expect(bobsComment).toContainText('Worth reading first <b>really</b>:');
  await expect(bobsComment.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // A stranger gets the not-found page.
  const stranger = await newVisitor(browser);
  await openApp(stranger, `/rwf/${folderId}`);
  await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // A makes it public; an anonymous visitor reads it, without a comment box.
  const manage = page.getByRole('region', { name: 'Sharing' });
  await manage.getByRole('button', { name: 'Public' }).click();
  await expect(manage.getByRole('button', { name: 'Public' })).toHaveAttribute('aria-pressed', 'true');
  const visitor = await newVisitor(browser);
  await openApp(visitor, `/rwf/${folderId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Related work' })).toBeVisible();
  await expect(visitor.getByText('Public', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('article', { name: paper.title }).first()).toBeVisible();
  await expect(visitor.getByText('Worth reading first <b>really</b>:')).toBeVisible();
  await expect(visitor.getByText(/Sign in to join the discussion/)).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Reply' })).toHaveCount(0);
});

test('[COMMENTS] a paper: comment on its page, see it beside the PDF, reply, delete', async ({ page, request }) => {
  const userId = await openApp(page);
  const paper = await api(request, userId).upload(requirePdf(LITERATURE_GRAPH_PDF), 'Literature Graph paper');
  await page.goto(`/paper/${encodeURIComponent(paper.paper_id)}/${paper.platform}`);
  const thread = page.locator('#main').getByRole('region', { name: /^Comments/ });
  await expect(thread.getByText('No comments yet.')).toBeVisible();
  await thread.getByRole('textbox', { name: 'Add a comment' }).fill('<script>window.pwned = 1</script> see section 4');
  await thread.getByRole('button', { name: 'Comment', exact: true }).click();
  const mine = thread.getByRole('article', { name: 'Comment by Anonymous' });
  await expect(mine).toContainText('<script>window.pwned = 1</script> see section 4');
  await expect(mine.getByText('you', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  await mine.getByRole('button', { name: 'Reply' }).click();
  await thread.getByRole('textbox', { name: 'Reply to Anonymous' }).fill('A reply');
  await thread.getByRole('button', { name: 'Post reply' }).click();
  await expect(thread.getByRole('list', { name: 'Replies to Anonymous' })).toContainText('A reply');

  // The PDF viewer shows the same thread beside the PDF.
  await page.getByRole('button', { name: 'Read' }).click();
  const viewer = page.getByRole('complementary', { name: 'File List' });
  await viewer.getByRole('button', { name: 'Comments' }).click();
  const side = viewer.getByRole('complementary', { name: 'Comments on this paper' });
  await expect(side).toContainText('see section 4');
  await expect(side).toContainText('A reply');

  // Delete (confirmed) takes the reply with it.
  const prompts = acceptDialogs(page);
  await mine.getByRole('button', { name: 'Delete' }).first().click();
  await expect(thread.getByText('No comments yet.')).toBeVisible();
  expect(prompts).toEqual(['Delete this comment? Its replies are deleted with it.']);
  await expect(side.getByText('No comments yet.')).toBeVisible();
});
