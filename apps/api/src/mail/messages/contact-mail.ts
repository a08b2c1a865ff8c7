import { escapeHtml } from '../../lib/escape-html';
import { renderHtmlMail, renderTextFooter } from '../mail-layout';

export interface ContactMailInput {
  id: number;
  name?: string | undefined;
  email?: string | undefined;
  subject?: string | undefined;
  message: string;
}

/** A contact-form message as the operator receives it; replying answers the sender when they gave an address. */
export function buildContactMail({ id, name, email, subject, message }: ContactMailInput) {
  const from = [name, email && `<${email}>`].filter(Boolean).join(' ') || 'an anonymous visitor';
  const mailSubject = `[Paperbench contact #${id}] ${subject || 'Message'} from ${from}`.slice(0, 250);
  const footer = { reason: `Sent through the contact form of your Paperbench server (message #${id}, also stored).` };
  const text = `From: ${from}\nSubject: ${subject || '(none)'}\n\n${message}${renderTextFooter(footer)}`;
  const html = renderHtmlMail({
    title: mailSubject,
    footer,
    body: `<p style="margin:0 0 4px;color:#64748b;font-size:13px">From <strong style="color:#0f172a">${escapeHtml(from)}</strong></p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(subject || 'Message')}</h1>
<div style="white-space:pre-wrap;line-height:1.6;color:#334155">${escapeHtml(message)}</div>`,
  });
  return { subject: mailSubject, text, html, replyTo: email };
}
