import { expect, type Locator, test } from '@playwright/test';
import { api, openApp } from './support/library';

/** Where focus is: inside the dialog, on the page behind it, or nowhere (the browser's own UI). */
const focusOf = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const active = document.activeElement;
    if (active && element.contains(active)) return 'dialog';
    return !active || active === document.body ? 'none' : 'page';
  });

test('[DIALOGS] a modal keeps focus inside, leaves the page behind inert, and closes on Esc', async ({
  page,
  request,
}) => {
  const userId = await openApp(page);
  await api(request, userId).createFolder('Alpha');
  const opener = page.locator('.recent-papers article').first().getByRole('button', { name: 'Add to File List' });
  await opener.click();
  const modal = page.getByRole('dialog', { name: 'Add to folders' });
  await expect(modal.getByRole('checkbox', { name: /Alpha/ })).toBeVisible();

  // Focus moves in, and Tab never takes it to the page behind (past the last control it may leave
  // the document for the browser's own UI, then comes back to the first).
  await expect.poll(() => focusOf(modal)).toBe('dialog');
  const visited = new Set<string>();
  for (let press = 0; press < 8; press++) {
    await page.keyboard.press('Tab');
    expect(await focusOf(modal)).not.toBe('page');
    visited.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
  }
  expect(visited).toContain('New folder');
  expect(visited).toContain('Cancel');

  // The page behind is inert: a header link takes no focus, and a click on it reaches the backdrop,
  // not the link (and the backdrop closes the modal, requirements §2).
  const contact = page.locator('.app-nav a[href="/contact"]');
  const takesFocus = await contact.evaluate((link: HTMLElement) => {
    link.focus();
    return document.activeElement === link;
  });
  expect(takesFocus).toBe(false);
  const box = await contact.boundingBox();
  if (!box) throw new Error('the Contact Us link has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // Esc closes it, and focus returns to the button that opened it.
  await opener.click();
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();
});
