import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

/** One mail, always with a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  headers?: Record<string, string>;
  /** A fixed Message-ID (digests), so a receiver can drop the rare duplicate; generated when absent. */
  messageId?: string;
}

export interface Mailer {
  /** False when SMTP_HOST is unset: this server mails nothing. */
  readonly isEnabled: boolean;
  /** Resolves once the SMTP server accepted the mail; rejects with the server's reason otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export class MailDisabledError extends Error {
  constructor() {
    super('Mail is switched off on this server: SMTP_HOST is not set');
    this.name = 'MailDisabledError';
  }
}

/** SMTP timeouts well below nodemailer's two-minute defaults, so a dead server fails a request in seconds. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The mailer of SMTP_HOST/PORT/SECURE/USER/PASSWORD and MAIL_FROM; a disabled one without SMTP_HOST. */
export function createMailer(config: Config): Mailer {
  const host = config.SMTP_HOST;
  if (!host) {
    return {
      isEnabled: false,
      send: () => Promise.reject(new MailDisabledError()),
    };
  }
  // nodemailer loads on the first mail, not at start-up: most servers and test apps never send one.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } } : {}),
        ...TIMEOUTS,
      }),
    ));
  return {
    isEnabled: true,
    send: async ({ to, subject, text, html, replyTo, headers, messageId }) => {
      const info = await (await transportOf()).sendMail({
        from: config.MAIL_FROM,
        to,
        subject,
        text,
        html,
        ...(replyTo ? { replyTo } : {}),
        ...(headers ? { headers } : {}),
        ...(messageId ? { messageId } : {}),
      });
      return { messageId: info.messageId };
    },
  };
}

/** A one-line reason for a failed send, for logs and the delivery log (never the whole stack). */
export function describeMailError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}
