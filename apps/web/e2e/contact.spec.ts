import { expect, test } from '@playwright/test';
import { mailsTo } from './support/mailbox';

test('[CONTACT] the form checks the message, sends it, and the operator receives it', async ({ page, request }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please write a message.')).toBeVisible();

  const subject = `Export to BibTeX ${Date.now()}`;
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.org');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Could folders be exported as BibTeX?');
  await form.getByRole('button', { name: 'Send message' }).click();

  const sent = page.getByRole('status');
  await expect(sent).toContainText('Thank you, your message was sent');
  await expect(sent).toContainText('may answer at ada@example.org');

  const mails = await mailsTo(request, 'operator@paperbench.test');
  const mail = mails.find((m) => m.subject.includes(subject));
  expect(mail?.text).toContain('Could folders be exported as BibTeX?');
  expect(mail?.headers['reply-to']).toContain('ada@example.org');
});

test('[CONTACT] says the message is mailed only when the server mails it', async ({ page }) => {
  // This server has SMTP and OPERATOR_EMAIL (playwright.config.ts): the page may promise an email.
  await page.goto('/contact');
  await expect(page.locator('.lead')).toContainText('forwarded to them by email');

  // A server without mail (docs/security.md#mail): the page must not claim an email, and says what happens.
  await page.route('**/api/contact/status', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ delivery: 'stored' }) }),
  );
  await page.route('**/api/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({ ok: true, delivery: 'stored' }),
        })
      : route.continue(),
  );
  await page.reload();
  const lead = page.locator('.lead');
  await expect(lead).toContainText('This server sends no email');
  await expect(lead).not.toContainText('by email');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Message').fill('Is this read by anyone?');
  await form.getByRole('button', { name: 'Send message' }).click();
  const saved = page.getByRole('status');
  await expect(saved).toContainText('your message was saved');
  await expect(saved).toContainText('This server sends no email');
});
