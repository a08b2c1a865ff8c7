import { escapeHtml } from '../lib/escape-html';

export interface MailFooter {
  /** Why the reader gets this mail, one sentence. */
  reason: string;
  /** The one-click unsubscribe page of this subscription; absent for mail to the operator. */
  unsubscribeUrl?: string;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** A button-like link (mail clients ignore CSS classes, so styles are inline). */
export const htmlButton = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(label)}</a>`;

/** The HTML frame every mail shares: a brand line, the body, and a footer with the unsubscribe link. */
export function renderHtmlMail({ title, body, footer }: { title: string; body: string; footer: MailFooter }): string {
  const unsubscribe = footer.unsubscribeUrl
    ? ` <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a>.`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f7f8fa;${FONT};color:#0f172a">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:700;color:#4f46e5">Paperbench</p>
${body}
</div>
<p style="max-width:600px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#64748b">${escapeHtml(footer.reason)}${unsubscribe}</p>
</body></html>`;
}

/** The plain-text footer matching renderHtmlMail's. */
export function renderTextFooter(footer: MailFooter): string {
  const unsubscribe = footer.unsubscribeUrl ? `\nUnsubscribe: ${footer.unsubscribeUrl}` : '';
  return `\n\n--\n${footer.reason}${unsubscribe}\n`;
}

/**
 * RFC 2369 List-Unsubscribe plus RFC 8058 one-click: a mail client may unsubscribe with a single POST
 * to `postUrl`, no page visit needed.
 */
export const listUnsubscribeHeaders = (postUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${postUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
