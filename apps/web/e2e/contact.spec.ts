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
