import { expect, type Page } from '@playwright/test';

/** Where playwright.config.ts starts e2e/support/fake-google.mjs (E2E_PORT + 3000). */
export const FAKE_GOOGLE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 3000}`;

/** The name the fake gives an email: 'bob.smith@example.test' → 'Bob Smith'. */
export function fakeGoogleName(email: string): string {
  return (email.split('@')[0] ?? '')
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The header's sign-in button (the fake GIS renders it once the script has loaded). */
export function headerSignInButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Sign in with Google (test)' });
}

/** The header's account menu button, shown while signed in. */
export function accountButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Account: / });
}

/**
 * Signs the open page in as `email` through the header's Google button (requirements §4: the credential is
 * exchanged, the user stored, the page reloaded). The page must show the app, signed out. Resolves with
 * the new X-User-ID the server issued for this browser.
 */
export async function signInAs(page: Page, email: string): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.evaluate((address) => localStorage.setItem('fake-google-email', address), email);
  // The page reloads once signed in: wait for that load, not for the page as it was before.
  await Promise.all([page.waitForEvent('load'), headerSignInButton(page).click()]);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email ?? null))
    .toBe(email);
  await expect(accountButton(page)).toBeVisible();
  return (await page.evaluate(() => localStorage.getItem('X-User-ID'))) as string;
}

/** Logs out through the header's account menu; resolves once the sign-in button shows again. */
export async function logOut(page: Page): Promise<void> {
  await accountButton(page).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Logout' }).click()]);
  await expect(headerSignInButton(page)).toBeVisible();
}
