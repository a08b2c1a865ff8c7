import { expect, test } from '@playwright/test';
import { mailsTo } from './support/mailbox';

test('[SUBSCRIPTION] subscribe, confirm from the mailed link, see the digest active', async ({ page, request }) => {
  const address = `reader-${Date.now()}@example.org`;
  await page.goto('/subscription');
  const form = page.getByRole('form', { name: 'Digest settings' });
  await expect(form).toBeVisible();

  // A malformed address is refused on the page, before anything is sent.
  await form.getByLabel('Email address').fill('not-an-address');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText('This does not look like an email address.')).toBeVisible();

  await form.getByLabel('Email address').fill(address);
  await form.getByText('Weekly', { exact: true }).click();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const status = page.getByRole('region', { name: 'Subscription status' });
  await expect(status.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(status).toContainText(address);

  const [mail] = await mailsTo(request, address);
  expect(mail?.subject).toBe('Confirm your Paperbench digest');
  expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = /https?:\/\/\S+\/subscription\?confirm=[\w-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();

  await page.goto(link as string);
  await expect(page.getByRole('status').filter({ hasText: 'is confirmed' })).toBeVisible();
  await expect(status.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await expect(status).toContainText(`A weekly digest of new papers on every topic you follow goes to ${address}`);
  // The token has left the address bar, so a reload shows the state, not an error.
  await expect(page).toHaveURL(/\/subscription$/);
  await page.reload();
  await expect(status.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
});

test('[SUBSCRIPTION] a confirmation link used twice says so', async ({ page, request }) => {
  const address = `twice-${Date.now()}@example.org`;
  await page.goto('/subscription');
  await page.getByLabel('Email address').fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const [mail] = await mailsTo(request, address);
  const link = /https?:\/\/\S+\/subscription\?confirm=[\w-]+/.exec(mail?.text ?? '')?.[0] as string;
  await page.goto(link);
  await expect(page.getByText('is confirmed')).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('already used');
});

test('[SUBSCRIPTION] the profile offers the digest on a server that can mail', async ({ page }) => {
  await page.goto('/profile');
  const digest = page.getByRole('region', { name: 'Email digest' });
  await expect(digest.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription');
  await expect(digest).toContainText('Not subscribed');
  await expect(digest).not.toContainText('Email digests are off');
});
