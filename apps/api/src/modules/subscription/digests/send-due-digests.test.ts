import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestDeliveries, papers, subscriptions, topics } from '../../../db/schema';
import { emailDigestsJob } from '../../../jobs/definitions/email-digests';
import { runJob } from '../../../jobs/scheduler';
import { createMailer, type Mailer } from '../../../mail/mailer';
import { type SmtpTestServer, startSmtpTestServer } from '../../../mail/testing/smtp-test-server';
import { buildPaper, buildUser } from '../../../test-support/factories';
import { createTestApp, type TestApp, testDrivers } from '../../../test-support/test-app';
import { sendDueDigests } from './send-due-digests';

const SLOT = '2026-11-23';
const LONG_AGO = new Date('2018-01-01T00:00:00Z');

describe.each(testDrivers())('email digests (%s)', (driver) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer({ rejectRecipients: ['bounce@example.org'] });
    t = await createTestApp(driver, { seed: false, env: smtp.env });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.db.delete(subscriptions);
    // Earlier tests' papers are old news for this one.
    await t.db.update(papers).set({ createdAt: LONG_AGO, publishedDate: '2017-01-01' });
    smtp.mails.length = 0;
  });

  /** An active subscription of a new user following `followed`. */
  async function activeSubscription({
    email = `${randomBytes(4).toString('hex')}@example.org`,
    followed = ['graph neural networks', 'cs.CL'],
    chosen = [] as string[],
    frequency = 'daily',
  } = {}) {
    const user = await buildUser(t.db);
    await t.db.insert(topics).values(followed.map((topic) => ({ userId: user.id, topic })));
    const [row] = await t.db
      .insert(subscriptions)
      .values({
        userId: user.id,
        email,
        frequency,
        topics: chosen,
        status: 'active',
        unsubscribeTokenHash: randomBytes(32).toString('hex'),
        confirmedAt: new Date(),
      })
      .returning();
    return row as typeof subscriptions.$inferSelect;
  }
  const deliveries = (subscriptionId: number) =>
    t.db.select().from(digestDeliveries).where(eq(digestDeliveries.subscriptionId, subscriptionId));
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  /** A paper that every subscription's topics match. */
  const newPaper = () => buildPaper(t.db, { title: 'Graph neural networks at scale', categories: ['cs.LG'] });

  it('mails the new papers grouped by topic, each once, with links and unsubscribe headers', async () => {
    const gnn = await buildPaper(t.db, { title: 'Graph neural networks for molecules', categories: ['cs.LG'] });
    const both = await buildPaper(t.db, { title: 'Graph neural networks for parsing', categories: ['cs.CL'] });
    const parsing = await buildPaper(t.db, { title: 'A dependency parser', categories: ['cs.CL'] });
    await buildPaper(t.db, {
      title: 'Old parsing',
      categories: ['cs.CL'],
      publishedDate: '2017-01-01',
      createdAt: LONG_AGO,
    });
    await buildPaper(t.db, { title: 'Unrelated galaxies', categories: ['astro-ph.GA'] });
    const subscription = await activeSubscription({ email: 'reader@example.org' });

    expect(await sendDueDigests(t.context, { slot: SLOT })).toMatchObject({ active: 1, sent: 1 });
    const [mail] = mailsTo('reader@example.org');
    expect(mail?.subject).toBe('Paperbench digest: 3 new papers on graph neural networks, cs.CL');
    const text = mail?.text ?? '';
    const gnnSection = text.slice(text.indexOf('== graph neural networks (2) =='), text.indexOf('== cs.CL (1) =='));
    const clSection = text.slice(text.indexOf('== cs.CL (1) =='));
    expect(gnnSection).toContain(`http://paperbench.test/paper/${gnn.paperId}/arxiv`);
    expect(gnnSection).toContain(both.title);
    // A paper both topics select is listed once, under the first.
    expect(clSection).not.toContain(both.title);
    expect(clSection).toContain(parsing.title);
    expect(text).not.toContain('Old parsing');
    expect(text).not.toContain('galaxies');
    expect(mail?.html).toContain('Matches “graph neural networks”, which you follow');
    expect(mail?.messageId).toBe(`<digest.${subscription.id}.daily.${SLOT}@paperbench.test>`);
    expect(mail?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await deliveries(subscription.id)).toMatchObject([
      { period: `daily:${SLOT}`, status: 'sent', attempts: 1, paperCount: 3 },
    ]);

    // The digest's own one-click link unsubscribes.
    const url = /<http:\/\/paperbench\.test(\/api\/subscription\/unsubscribe\?token=[^>]+)>/.exec(
      mail?.header('List-Unsubscribe') ?? '',
    )?.[1];
    const response = await t.app.inject({ method: 'POST', url: url as string, payload: {} });
    expect(response.json()).toEqual({ ok: true, email: 'reader@example.org' });
  });

  it('sends only the chosen topics, and skips (records, does not mail) a period with nothing new', async () => {
    await buildPaper(t.db, { title: 'Graph neural networks only', categories: ['cs.LG'] });
    const subscription = await activeSubscription({ email: 'chosen@example.org', chosen: ['cs.CL'] });
    expect(await sendDueDigests(t.context, { slot: SLOT })).toMatchObject({ skipped: 1, sent: 0 });
    expect(smtp.mails).toHaveLength(0);
    expect(await deliveries(subscription.id)).toMatchObject([{ status: 'skipped', paperCount: 0 }]);
    // Not re-evaluated: a skipped period is done.
    await buildPaper(t.db, { title: 'Late parsing paper', categories: ['cs.CL'] });
    expect(await sendDueDigests(t.context, { slot: SLOT })).toMatchObject({ notClaimed: 1 });
    // The next day's digest starts where the skipped one was cut, so the late paper is in it.
    expect(await sendDueDigests(t.context, { slot: '2026-11-24' })).toMatchObject({ sent: 1 });
    expect(mailsTo('chosen@example.org')[0]?.subject).toBe('Paperbench digest: 1 new paper on cs.CL');
  });

  it('sends a weekly digest once per ISO week', async () => {
    await newPaper();
    await activeSubscription({ email: 'weekly@example.org', frequency: 'weekly' });
    await sendDueDigests(t.context, { slot: '2026-11-23' });
    await newPaper();
    await sendDueDigests(t.context, { slot: '2026-11-27' });
    expect(mailsTo('weekly@example.org')).toHaveLength(1);
    await sendDueDigests(t.context, { slot: '2026-11-30' });
    expect(mailsTo('weekly@example.org')).toHaveLength(2);
  });

  it('delivers each digest exactly once when two instances run at the same time', async () => {
    await newPaper();
    const subs = await Promise.all(Array.from({ length: 6 }, () => activeSubscription()));
    const [a, b] = await Promise.all([
      sendDueDigests(t.context, { slot: SLOT }),
      sendDueDigests({ ...t.context, mailer: createMailer(t.context.config) }, { slot: SLOT }),
    ]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(6);
    expect((a?.notClaimed ?? 0) + (b?.notClaimed ?? 0)).toBe(6);
    for (const subscription of subs) expect(mailsTo(subscription.email)).toHaveLength(1);
    expect(smtp.mails).toHaveLength(6);
  });

  it('after a run dies midway, a rerun sends the rest and none twice', async () => {
    await newPaper();
    const subs = await Promise.all(Array.from({ length: 5 }, () => activeSubscription()));
    const dying = new AbortController();
    let sends = 0;
    const mailer: Mailer = {
      isEnabled: true,
      send: async (message) => {
        const sent = await t.context.mailer.send(message);
        sends += 1;
        if (sends === 2) dying.abort(new Error('process killed'));
        return sent;
      },
    };
    await expect(sendDueDigests({ ...t.context, mailer }, { slot: SLOT, signal: dying.signal })).rejects.toThrow(
      'process killed',
    );
    expect(smtp.mails).toHaveLength(2);
    expect(await sendDueDigests(t.context, { slot: SLOT })).toMatchObject({ sent: 3, notClaimed: 2 });
    for (const subscription of subs) expect(mailsTo(subscription.email)).toHaveLength(1);
  });

  it("takes over a dead sender's claim only after its lease", async () => {
    await newPaper();
    const subscription = await activeSubscription({ email: 'lease@example.org' });
    await t.db
      .insert(digestDeliveries)
      .values({ subscriptionId: subscription.id, period: `daily:${SLOT}`, status: 'sending' });
    const claim = { leaseMs: 60_000, maxAttempts: 5 };
    expect(await sendDueDigests(t.context, { slot: SLOT, claim })).toMatchObject({ notClaimed: 1 });
    expect(smtp.mails).toHaveLength(0);
    expect(await sendDueDigests(t.context, { slot: SLOT, claim: { ...claim, leaseMs: 0 } })).toMatchObject({ sent: 1 });
    expect(await deliveries(subscription.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('records a refused address as failed without stopping the others, and retries it on a later run', async () => {
    await newPaper();
    const bounce = await activeSubscription({ email: 'bounce@example.org' });
    const fine = await activeSubscription({ email: 'fine@example.org' });
    const outcome = await runJob(t.context, emailDigestsJob, SLOT, { owner: 'replica-a' });
    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('1 of 2 digests failed') });
    expect(mailsTo('fine@example.org')).toHaveLength(1);
    const [failed] = await deliveries(bounce.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringMatching(/550|Mailbox unavailable/),
    });

    expect(await sendDueDigests(t.context, { slot: SLOT })).toMatchObject({ failed: 1, notClaimed: 1 });
    expect((await deliveries(bounce.id))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await sendDueDigests(t.context, { slot: SLOT, claim: { leaseMs: 0, maxAttempts: 2 } })).toMatchObject({
      notClaimed: 2,
    });
    expect(mailsTo('fine@example.org')).toHaveLength(1);
    expect((await deliveries(fine.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('marks every digest failed, and throws nothing, when the SMTP server is down', async () => {
    await newPaper();
    const down = await startSmtpTestServer();
    await down.close();
    const subscription = await activeSubscription();
    const mailer = createMailer({ ...t.context.config, SMTP_PORT: down.port });
    expect(await sendDueDigests({ ...t.context, mailer }, { slot: SLOT })).toMatchObject({ failed: 1 });
    expect((await deliveries(subscription.id))[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
  });
});
