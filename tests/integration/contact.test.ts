import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessage, mailOutbox } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { freePort } from '../support/server';
import { createMember, originHeader, type TestMember } from '../support/users';

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  member = await createMember(t, { name: 'Casey Contact' });
});
afterAll(async () => {
  await t?.close();
});

const send = (app: TestApp, cookie: string, payload: unknown) =>
  app.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { cookie, ...originHeader(app) },
    payload: payload as object,
  });

describe('contact form', () => {
  it('stores the message and mails it to the team, escaping what the sender wrote', async () => {
    const response = await send(t, member.cookie, {
      name: 'Casey <b>Contact</b>',
      email: 'casey@bc.edu',
      message: 'Hello team,\n<script>alert(1)</script> thanks!',
    });
    expect(response.statusCode).toBe(202);

    const rows = await t.database.db.select().from(contactMessage);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Casey <b>Contact</b>', email: 'casey@bc.edu', userId: member.id });

    // The outbox also holds the member's verification e-mail from signing up.
    expect(await t.app.outbox.deliverDue()).toMatchObject({ retrying: 0, failed: 0 });
    const mailbox = path.join(t.config.dataDir, 'mailbox');
    const files = readdirSync(mailbox).filter((f) => f.includes(t.config.contactTo));
    expect(files).toHaveLength(1);
    const mail = await PostalMime.parse(readFileSync(path.join(mailbox, files[0] as string)));
    expect(mail.to?.[0]?.address).toBe(t.config.contactTo);
    expect(mail.replyTo?.[0]?.address).toBe('casey@bc.edu');
    expect(mail.text).toContain('<script>alert(1)</script> thanks!');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('requires name, e-mail and message, with clear messages', async () => {
    const response = await send(t, member.cookie, { name: ' ', email: 'not-an-address', message: '' });
    expect(response.statusCode).toBe(400);
    const details: string[] = response.json().error.details;
    expect(details.join('\n')).toContain('Please enter your full name.');
    expect(details.join('\n')).toContain('Please enter a valid e-mail address.');
    expect(details.join('\n')).toContain('Please write a message.');
  });

  it('requires a signed-in member', async () => {
    const response = await send(t, '', { name: 'A', email: 'a@bc.edu', message: 'hi' });
    expect(response.statusCode).toBe(401);
  });

  it('answers "Message Sent!" while the mail server is down, keeping the message and its e-mail for later', async () => {
    const broken = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }, undefined, {
      backgroundJobs: false,
    });
    try {
      const sender = await createMember(broken);
      const response = await send(broken, sender.cookie, { name: 'Kim', email: 'kim@bc.edu', message: 'Is this on?' });
      expect(response.statusCode).toBe(202);
      expect(await broken.database.db.select().from(contactMessage)).toHaveLength(1);
      expect(await broken.app.outbox.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
      const [queued] = await broken.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact'));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1, recipient: broken.config.contactTo });
      expect(queued?.lastError).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});
