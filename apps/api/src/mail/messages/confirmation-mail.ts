import { htmlButton, type MailFooter, renderHtmlMail, renderTextFooter } from '../mail-layout';

export interface ConfirmationMailInput {
  frequency: 'daily' | 'weekly';
  confirmUrl: string;
  unsubscribeUrl: string;
}

/**
 * Double opt-in: nothing but this mail goes to the address until its link is followed. The
 * address is not confirmed yet, so the mail carries no text any user wrote (no topic names):
 * whoever typed in a stranger's address cannot use it to send them a message. Only fixed words, the
 * frequency (one of two) and the server's own links go out.
 */
export function buildConfirmationMail({ frequency, confirmUrl, unsubscribeUrl }: ConfirmationMailInput) {
  const subject = 'Confirm your Paperbench digest';
  const what = `a ${frequency} digest of new papers on the topics you follow`;
  const footer: MailFooter = {
    reason: 'You get this mail because someone entered this address on a Paperbench server.',
    unsubscribeUrl,
  };
  const text =
    `Please confirm that you want ${what}.\n\n` +
    `Confirm: ${confirmUrl}\n\n` +
    'If you did not ask for this, ignore this mail: nothing more will be sent.' +
    renderTextFooter(footer);
  const html = renderHtmlMail({
    title: subject,
    footer,
    body: `<h1 style="margin:0 0 12px;font-size:22px">Confirm your digest</h1>
<p style="margin:0 0 20px;line-height:1.6;color:#334155">Please confirm that you want ${what}.</p>
<p style="margin:0 0 20px">${htmlButton(confirmUrl, 'Confirm my subscription')}</p>
<p style="margin:0;font-size:13px;line-height:1.6;color:#64748b">If you did not ask for this, ignore this mail: nothing more will be sent.</p>`,
  });
  return { subject, text, html };
}
