import { type APIRequestContext, expect } from '@playwright/test';

/** Where playwright.config.ts starts the SMTP sink: ports derived from E2E_PORT so parallel runs do not collide. */
export const SMTP_SINK_HTTP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2000}`;

export type TSinkMail = { to: string[]; subject: string; text: string; html: string; headers: Record<string, string> };

/** Waits until `count` mails to `address` have reached the sink, and returns them. */
export async function mailsTo(request: APIRequestContext, address: string, count = 1): Promise<TSinkMail[]> {
  let mails: TSinkMail[] = [];
  await expect
    .poll(async () => {
      const response = await request.get(`${SMTP_SINK_HTTP}/mails?to=${encodeURIComponent(address)}`);
      mails = (await response.json()) as TSinkMail[];
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  return mails;
}
