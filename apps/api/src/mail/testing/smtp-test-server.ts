import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** Header values by lower-case name, as received. */
  header(name: string): string | undefined;
}

export interface SmtpTestServer {
  port: number;
  /** Every mail accepted so far, in arrival order (a send resolves only after its mail is here). */
  mails: ReceivedMail[];
  /** SMTP env for createTestApp pointing at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const addresses = (mail: ParsedMail): string[] => {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((list) => list.value.map((address) => address.address ?? ''));
};

function toReceived(mail: ParsedMail): ReceivedMail {
  return {
    to: addresses(mail),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    messageId: mail.messageId,
    header: (name) => {
      const line = mail.headerLines.find((entry) => entry.key === name.toLowerCase());
      return line?.line
        .slice(line.line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim();
    },
  };
}

/**
 * A real SMTP server in the test process (smtp-server), parsing what it receives (mailparser).
 * Recipients in `rejectRecipients` are refused with 550, as a real server refuses a dead mailbox.
 */
export async function startSmtpTestServer({ rejectRecipients = [] }: { rejectRecipients?: string[] } = {}) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipients.includes(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(toReceived(mail));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const result: SmtpTestServer = {
    port,
    mails,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), PUBLIC_URL: 'http://paperbench.test' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return result;
}

/** The token of a link like …?confirm=<token> or …?token=<token> in a mail body. */
export function tokenFrom(text: string, parameter: string): string {
  const match = new RegExp(`[?&]${parameter}=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${parameter}= link in the mail`);
  return decodeURIComponent(match[1]);
}
