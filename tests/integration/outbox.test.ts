/**
 * The mail outbox (issue 9, decision 0007): mail reaches a local SMTP server; while the server is
 * down the ping is saved and its e-mail waits with backoff, then goes out exactly once; a
 * permanent refusal is not retried; several servers on one database never send a message twice;
 * a message held by a worker that died is sent by another.
 */
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { mailOutbox } from '../../src/server/db/schema';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer';
import { enqueueMail, OUTBOX_MAX_ATTEMPTS, OutboxWorker, type OutgoingMail } from '../../src/server/mail/outbox';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/server';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createMember, originHeader } from '../support/users';

const noJobs = { backgroundJobs: false } as const;

const testMail = (n: number, to = `reader${n}@bc.edu`): OutgoingMail => ({
  kind: 'test',
  to,
  subject: `Outbox test ${n}`,
  text: `Message number ${n}`,
  html: `<p>Message number ${n}</p>`,
});

async function rowsOf(t: TestApp, kind: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
}

/** A member pings a fresh posting of another member: the admin's e-mail is queued. */
async function pingSomeone(t: TestApp) {
  const [admin, student] = await Promise.all([createMember(t), createMember(t)]);
  const postingId = await insertPosting(t.database.db, admin.id);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/postings/${postingId}/pings`,
    headers: { ...originHeader(t), cookie: student.cookie },
    payload: { message: 'Still there?' },
  });
  return { response, admin, student, postingId };
}

const hostOf = (t: TestApp) => new URL(t.config.publicUrl).hostname;

describe('delivery', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, undefined, noJobs);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it('delivers a ping e-mail to the SMTP server once, with a Message-ID made from its outbox id', async () => {
    const { response, admin } = await pingSomeone(t);
    expect(response.statusCode).toBe(201);
    const report = await t.app.outbox.deliverDue();
    expect(report).toMatchObject({ retrying: 0, failed: 0 });
    expect(report.sent).toBeGreaterThanOrEqual(1);

    const [row] = await rowsOf(t, 'ping-received');
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      recipient: admin.email,
      claimToken: null,
      lastError: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const pingMails = () =>
      smtp.messages.filter((m) => m.to?.[0]?.address === admin.email && /interested/.test(m.subject ?? ''));
    const mails = pingMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(`<${row?.id}@${hostOf(t)}>`);

    expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(pingMails()).toHaveLength(1);
  });

  it('with background jobs on, a new message is sent without anyone asking', async () => {
    const live = await createTestApp({ SMTP_URL: smtp.url });
    try {
      await enqueueMail(live.database.db, [testMail(1, 'woken@bc.edu')]);
      const mail = await smtp.waitForMail('woken@bc.edu', /Outbox test 1/);
      expect(mail.text).toContain('Message number 1');
    } finally {
      await live.close();
    }
  });
});

describe('a mail server that is down', () => {
  it('saves the ping, keeps its e-mail with backoff, and delivers it exactly once when the server is back', async () => {
    const port = await freePort();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, noJobs);
    let smtp: TestSmtpServer | undefined;
    try {
      const { response, admin } = await pingSomeone(t);
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('pending');

      const firstTry = Date.now();
      const report = await t.app.outbox.deliverDue();
      expect(report.sent).toBe(0);
      expect(report.failed).toBe(0);
      expect(report.retrying).toBeGreaterThanOrEqual(1);
      let [row] = await rowsOf(t, 'ping-received');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, recipient: admin.email, claimToken: null });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      // First retry after about 15 s (±20%).
      const firstDelay = (row?.nextAttemptAt.getTime() ?? 0) - firstTry;
      expect(firstDelay).toBeGreaterThan(11_000);
      expect(firstDelay).toBeLessThan(19_000);

      // Not due yet: nothing is tried.
      expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      [row] = await rowsOf(t, 'ping-received');
      expect(row?.attempts).toBe(1);

      // Due again and still down: the wait doubles.
      await t.database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`);
      const secondTry = Date.now();
      expect((await t.app.outbox.deliverDue()).sent).toBe(0);
      [row] = await rowsOf(t, 'ping-received');
      expect(row?.attempts).toBe(2);
      const secondDelay = (row?.nextAttemptAt.getTime() ?? 0) - secondTry;
      expect(secondDelay).toBeGreaterThan(23_000);
      expect(secondDelay).toBeLessThan(37_000);

      // A message that has used up its attempts is given up on (failed), not retried forever.
      await enqueueMail(t.database.db, [testMail(1, 'last.chance@bc.edu')]);
      await t.database.db.execute(
        sql`UPDATE mail_outbox SET attempts = ${OUTBOX_MAX_ATTEMPTS - 1} WHERE recipient = 'last.chance@bc.edu'`,
      );
      expect((await t.app.outbox.deliverDue()).failed).toBe(1);
      const [given] = await rowsOf(t, 'test');
      expect(given).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });

      // The server comes back on the same port, and the message is due.
      smtp = await startSmtpServer(port);
      await t.database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`);
      const back = await t.app.outbox.deliverDue();
      expect(back).toMatchObject({ retrying: 0, failed: 0 });
      [row] = await rowsOf(t, 'ping-received');
      expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      const toAdmin = () =>
        smtp?.messages.filter((m) => m.to?.[0]?.address === admin.email && /interested/.test(m.subject ?? '')) ?? [];
      expect(toAdmin()).toHaveLength(1);
      expect(toAdmin()[0]?.messageId).toBe(`<${row?.id}@${hostOf(t)}>`);
      expect(toAdmin()[0]?.text).toContain('Still there?');

      expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      await t.database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now()`);
      expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(toAdmin()).toHaveLength(1);
    } finally {
      await t.close();
      await smtp?.stop();
    }
  });
});

describe('a mail server that refuses', () => {
  let server: SMTPServer;
  let port: number;
  const recipients: string[] = [];
  beforeAll(async () => {
    port = await freePort();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        recipients.push(address.address);
        const code = address.address.startsWith('later') ? 451 : 550;
        callback(Object.assign(new Error(`${code} mailbox unavailable`), { responseCode: code }));
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('marks a message refused for good (5xx) failed and never retries it; a 4xx is retried', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, undefined, noJobs);
    try {
      await enqueueMail(t.database.db, [testMail(1, 'gone@bc.edu'), testMail(2, 'later@bc.edu')]);
      expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 1 });
      const byTo = async () =>
        Object.fromEntries((await rowsOf(t, 'test')).map((row) => [row.recipient, row] as const));
      let rows = await byTo();
      expect(rows['gone@bc.edu']).toMatchObject({ status: 'failed', attempts: 1, claimToken: null });
      expect(rows['gone@bc.edu']?.lastError).toContain('550');
      expect(rows['later@bc.edu']).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows['later@bc.edu']?.lastError).toContain('451');

      await t.database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 minute'`);
      expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      rows = await byTo();
      expect(rows['gone@bc.edu']).toMatchObject({ status: 'failed', attempts: 1 });
      expect(rows['later@bc.edu']).toMatchObject({ status: 'pending', attempts: 2 });
      expect(recipients.filter((r) => r === 'gone@bc.edu')).toHaveLength(1);
      expect(recipients.filter((r) => r === 'later@bc.edu')).toHaveLength(2);
    } finally {
      await t.close();
    }
  });
});

describe('several servers on one database', () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let servers: TestApp[];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    // On PostgreSQL each server gets its own connection pool, as separate processes would.
    const second: TestDatabase = database.url
      ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 5 }).then((handle) => ({
          ...handle,
          url: database.url,
          pgliteDir: undefined,
          destroy: () => handle.close(),
        }))
      : database;
    servers = [
      await createTestApp({ SMTP_URL: smtp.url }, undefined, { ...noJobs, database }),
      await createTestApp({ SMTP_URL: smtp.url }, undefined, { ...noJobs, database: second }),
    ];
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.close();
    if (servers?.[1] && servers[1].database !== database) await servers[1].database.destroy();
    await database?.destroy();
    await smtp?.stop();
  });

  it('sends each of 50 messages exactly once when two servers deliver at the same time', async () => {
    const [a, b] = servers as [TestApp, TestApp];
    const count = 50;
    await enqueueMail(
      database.db,
      Array.from({ length: count }, (_, i) => testMail(i)),
    );
    // Three rounds on each server at once, as their job runners and announcements would start them.
    const reports = await Promise.all([a, b, a, b, a, b].map((server) => server.app.outbox.deliverDue()));
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(count);
    expect(reports.every((r) => r.retrying === 0 && r.failed === 0)).toBe(true);
    // Both servers took part.
    expect(reports.filter((_, i) => i % 2 === 0).reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThan(0);

    const received = smtp.messages.filter((m) => /^Outbox test \d+$/.test(m.subject ?? ''));
    expect(received).toHaveLength(count);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(count);
    expect(new Set(received.map((m) => m.subject)).size).toBe(count);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'test'));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    expect(new Set(received.map((m) => m.messageId))).toEqual(new Set(rows.map((row) => `<${row.id}@${hostOf(a)}>`)));
  });

  it('delivers a message held by a worker that died once its lease runs out, and leaves a live lease alone', async () => {
    const [a, b] = servers as [TestApp, TestApp];
    await enqueueMail(database.db, [testMail(100, 'orphan@bc.edu'), testMail(101, 'leased@bc.edu')]);
    // A worker claimed both, then died: one lease has run out, the other still holds.
    await database.db.execute(sql`UPDATE mail_outbox
      SET claim_token = gen_random_uuid(), attempts = 1,
          claimed_until = CASE WHEN recipient = 'orphan@bc.edu' THEN now() - interval '1 minute'
                               ELSE now() + interval '10 minutes' END
      WHERE recipient IN ('orphan@bc.edu', 'leased@bc.edu')`);

    const reports = await Promise.all([a.app.outbox.deliverDue(), b.app.outbox.deliverDue()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(smtp.messages.filter((m) => m.to?.[0]?.address === 'orphan@bc.edu')).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to?.[0]?.address === 'leased@bc.edu')).toHaveLength(0);
    const rows = Object.fromEntries(
      (await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'test'))).map((r) => [r.recipient, r]),
    );
    expect(rows['orphan@bc.edu']).toMatchObject({ status: 'sent', attempts: 2, claimToken: null });
    expect(rows['leased@bc.edu']).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows['leased@bc.edu']?.claimToken).not.toBeNull();
  });

  it('never sends a message twice when a batch outlasts its lease and another worker takes the rest', async () => {
    const delivered: string[] = [];
    const recording = (delayMs: number): Mailer => ({
      async send(message: MailMessage) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        delivered.push(message.messageId ?? '');
      },
      async close() {},
    });
    const quiet = { info() {}, warn() {}, error() {} };
    // A slow worker claims the whole batch with a lease shorter than the batch takes to send.
    const slow = new OutboxWorker({
      db: database.db,
      mailer: recording(150),
      log: quiet,
      messageIdDomain: 'slow.test',
      leaseMs: 250,
    });
    const fast = new OutboxWorker({ db: database.db, mailer: recording(0), log: quiet, messageIdDomain: 'fast.test' });
    await enqueueMail(
      database.db,
      Array.from({ length: 10 }, (_, i) => testMail(200 + i, `batch${i}@bc.edu`)),
    );
    const slowRun = slow.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fastReport = await fast.deliverDue();
    const slowReport = await slowRun;

    const ids = delivered.map((messageId) => messageId.replace(/@.*$/, ''));
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(slowReport.sent + fastReport.sent).toBe(10);
    // The fast worker did take over part of the batch.
    expect(fastReport.sent).toBeGreaterThan(0);
    const rows = await database.db.select().from(mailOutbox).where(sql`${mailOutbox.recipient} LIKE 'batch%'`);
    expect(rows.map((row) => row.status)).toEqual(Array(10).fill('sent'));
  });
});
