/**
 * Issue 30, item 2: deadlines everywhere, over real sockets to a listening server. Four accounts
 * each holding two uploads open and sending a byte now and then took all 8 upload places, and every
 * other student's save answered 503 for as long as they liked. Now an upload that falls below the
 * minimum pace, or has not ended by its deadline, is answered 408 and its place and folder freed at
 * once; a save that finds every place taken waits its turn ahead of the attackers' reconnections.
 * The server's own timeouts close a connection whose headers or body stop arriving, and the live
 * stream, which is an answer rather than a request, outlives them. The numbers are shortened here
 * (the real ones are in src/shared/deadlines.ts and src/server/http/server-limits.ts).
 */
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deadlineMessages } from '../../src/shared/deadlines';
import { UPLOADS_IN_FLIGHT_PER_STUDENT, UPLOADS_IN_FLIGHT_TOTAL } from '../../src/shared/limits';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';
import { until } from '../support/wait';
import { onCampusPosting } from './postings-support';

vi.setConfig({ testTimeout: 30_000 });

const PACE = { windowMs: 1_000, minBytesPerWindow: 1_024, deadlineMs: 2_500, placeWaitMs: 5_000, placeWaitingMax: 8 };
const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 3_000,
  keepAliveTimeoutMs: 1_000,
  checkEveryMs: 100,
  maxConnections: 40,
};

let t: TestApp;
let base: string;
let port: number;
let attackers: TestMember[];
let student: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    backgroundJobs: false,
    serverLimits: LIMITS,
    uploadPace: PACE,
    liveHeartbeatMs: 200,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
  const members = await Promise.all(
    Array.from({ length: UPLOADS_IN_FLIGHT_TOTAL / UPLOADS_IN_FLIGHT_PER_STUDENT + 1 }, () => createMember(t)),
  );
  student = members.pop() as TestMember;
  attackers = members;
});
afterAll(async () => {
  await t?.close();
});

const uploadFolders = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'tmp')).filter((name) => name.startsWith('upload-'));
  } catch {
    return [];
  }
};

interface Answer {
  status: number;
  body: unknown;
  /** Bytes the client had written when the server's answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * A raw connection that writes `head` and then `chunk` every `everyMs` until the server answers;
 * `answer` is what the server said once it has closed the connection, `received` what it sent so far.
 */
function slowSender(head: string, chunk: string, everyMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let sent = 0;
  let sentBeforeAnswer: number | undefined;
  const write = (text: string) => {
    if (socket.writable && sentBeforeAnswer === undefined) {
      socket.write(text);
      sent += Buffer.byteLength(text);
    }
  };
  socket.setEncoding('utf8');
  socket.on('data', (data: string) => {
    sentBeforeAnswer ??= sent;
    received += data;
  });
  // The server may close before the client's last bytes are read: a reset is how that ends too.
  socket.on('error', () => undefined);
  socket.on('connect', () => write(head));
  const trickle = setInterval(() => write(chunk), everyMs);
  const answer = new Promise<Answer>((resolve) => {
    socket.on('close', () => {
      clearInterval(trickle);
      const statusLine = received.split('\r\n')[0] ?? '';
      const body = received.slice(received.indexOf('\r\n\r\n') + 4);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        // Not a problem answer (the live stream's events).
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        body: json,
        sentBeforeAnswer: sentBeforeAnswer ?? sent,
      });
    });
  });
  return { answer, socket, received: () => received, stop: () => socket.destroy() };
}

const BOUNDARY = 'slow-sender-boundary';

/**
 * A posting create whose body starts and then trickles, as the attack sent it: inside an image (the
 * server is writing it to the upload's folder) or inside the posting's field (the server is
 * waiting for the next part).
 */
function slowUpload(
  member: TestMember,
  { inside = 'image' as 'image' | 'field', chunk = 'x', everyMs = 300, url = '/api/postings' } = {},
) {
  const part =
    inside === 'image'
      ? 'Content-Disposition: form-data; name="images"; filename="room.jpg"\r\nContent-Type: image/jpeg'
      : 'Content-Disposition: form-data; name="posting"';
  const head =
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${t.config.publicUrl}\r\n` +
    `Cookie: ${member.cookie}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `Content-Length: 10000000\r\n\r\n--${BOUNDARY}\r\n${part}\r\n\r\n`;
  return slowSender(head, chunk, everyMs);
}

/** A posting save as a browser sends it, over its own connection. */
async function save(member: TestMember): Promise<Response> {
  const form = new FormData();
  form.append('posting', JSON.stringify(onCampusPosting()));
  return fetch(`${base}/api/postings`, {
    method: 'POST',
    headers: { origin: t.config.publicUrl, cookie: member.cookie },
    body: form,
  });
}

const tooSlow = {
  error: { code: 'UPLOAD_TOO_SLOW', ...deadlineMessages.uploadTooSlow },
};
const timedOut = {
  error: { code: 'REQUEST_TIMEOUT', ...deadlineMessages.requestTimeout },
};

describe('slow uploads', () => {
  it("are cut off with 408 and free their places, while another student's save waits its turn and succeeds", async () => {
    // Four accounts, two uploads each, a byte every 300 ms; each upload cut off is sent again at once.
    let attacking = true;
    const answers: Answer[] = [];
    const slots = attackers.flatMap((attacker) =>
      Array.from({ length: UPLOADS_IN_FLIGHT_PER_STUDENT }, async (_, i) => {
        const inside = i % 2 === 0 ? 'image' : 'field';
        while (attacking) answers.push(await slowUpload(attacker, { inside }).answer);
      }),
    );
    let saved: Response;
    try {
      await until(() => uploadFolders().length === UPLOADS_IN_FLIGHT_TOTAL, 'every upload place taken');
      // Every place is taken: the save waits for one, and a place freed goes to it, not to the
      // attacker who reconnected the moment theirs was cut off.
      saved = await save(student);
    } finally {
      attacking = false;
      await Promise.all(slots);
    }
    expect(saved.status).toBe(201);
    expect(((await saved.json()) as { adminContact: { email: string } }).adminContact.email).toBe(student.email);
    expect(answers.length).toBeGreaterThanOrEqual(UPLOADS_IN_FLIGHT_TOTAL);
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual(tooSlow);
    }
    // Nothing of them is kept, and every place is free again.
    expect(uploadFolders()).toEqual([]);
    const again = await Promise.all(attackers.map((attacker) => save(attacker)));
    expect(again.map((response) => response.status)).toEqual(attackers.map(() => 201));
  });

  it('cuts off the posting form posted without scripts the same way, and frees its folder', async () => {
    const trickle = slowUpload(attackers[1] as TestMember, { url: '/api/forms/postings' });
    const answer = await trickle.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(tooSlow);
    await until(() => uploadFolders().length === 0, 'the folder to be removed');
  });

  it('cuts off an upload that keeps the pace but has not ended by its deadline', async () => {
    // 1,000 bytes every 250 ms: four times the minimum pace, for longer than the deadline allows.
    const steady = slowUpload(attackers[0] as TestMember, { chunk: 'x'.repeat(1_000), everyMs: 250 });
    const answer = await steady.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(tooSlow);
    // It was cut off by the deadline, not for its pace: it sent more than the minimum in every window.
    const windows = PACE.deadlineMs / PACE.windowMs;
    expect(answer.sentBeforeAnswer).toBeGreaterThan(windows * PACE.minBytesPerWindow);
    await until(() => uploadFolders().length === 0, 'the folder to be removed');
  });
});

describe('the server closes a connection whose request stops arriving', () => {
  it('answers 408 to headers that do not arrive in time', async () => {
    const slowHeaders = slowSender(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`, 'X', 200);
    const answer = await slowHeaders.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(timedOut);
  });

  it('answers 408 to a body that does not arrive in time, while a live stream outlives that deadline', async () => {
    const stream = slowSender(
      `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${student.cookie}\r\nAccept: text/event-stream\r\n\r\n`,
      '',
      60_000,
    );
    const heartbeats = () => stream.received().split(': heartbeat').length - 1;
    await until(() => stream.received().startsWith('HTTP/1.1 200'), 'the stream to open');
    const body = JSON.stringify({ name: 'Sam', email: 'sam@example.com', message: 'Hello' });
    const slowBody = slowSender(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${t.config.publicUrl}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      'x',
      300,
    );
    const answer = await slowBody.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(timedOut);
    // The stream was opened before the body and is still open after the request deadline passed:
    // it keeps sending its heartbeat.
    const seen = heartbeats();
    await until(() => heartbeats() > seen, 'a heartbeat after the deadline');
    expect(stream.socket.destroyed).toBe(false);
    stream.stop();
  });
});

describe('the connection cap', () => {
  it('closes connections past the cap as they arrive, and admits again once the silent ones are cut off', async () => {
    // Idle connections left by the tests above close after the keep-alive timeout.
    const connections = () =>
      new Promise<number>((resolve) => t.app.server.getConnections((_, count) => resolve(count)));
    await until(async () => (await connections()) === 0, 'the idle connections to close');
    // Connections that never send a byte, as many as the cap allows.
    const silent = Array.from({ length: LIMITS.maxConnections }, () => slowSender('', '', 60_000));
    await until(async () => (await connections()) === LIMITS.maxConnections, 'the cap to be reached');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // The headers timeout closes the silent ones (a slowloris holds nothing for long): the server
    // answers again.
    const answers = await Promise.all(silent.map((sender) => sender.answer));
    for (const answer of answers) expect(answer.status).toBe(408);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
