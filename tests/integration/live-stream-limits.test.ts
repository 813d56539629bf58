/**
 * The live stream's bounds within one server (issue 30, decision 0031), on the embedded database
 * or PostgreSQL: replays exactly what was missed within the bound and resyncs a stream further
 * behind, pauses a reader that does not read, and answers 503 when the server holds as many
 * streams as it may. The floods against a server process are live-stream-flood.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_MAX_EVENTS, STREAM_BUFFER_MAX_BYTES } from '../../src/server/conversations/live-limits';
import { createTestApp, type TestApp } from '../support/app';
import { openRawStream, seqsOf, until, writeEvents } from '../support/live-streams';
import { createMember, type TestMember } from '../support/users';

describe('streams within one server', () => {
  let t: TestApp;
  let base: string;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { liveStreamsPerServer: 3 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    member = await createMember(t, { name: 'Rhea Replay' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays exactly what was missed within the bound, and resyncs a stream further behind', async () => {
    const fresh = await createMember(t, { name: 'Nora Newcomer' });
    await writeEvents(t.database.db, fresh.id, 10);
    const seqs = await seqsOf(t, fresh.id);
    // Within the bound: the events after the given one, in order, each once.
    const within = await openRawStream(base, fresh.cookie, { lastEventId: seqs[3] });
    expect(await until(() => within.received().includes(`id: ${seqs[9]}\n`), 5_000)).toBe(true);
    const ids = [...within.received().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(seqs.slice(4));
    within.socket.destroy();
    // Further behind than a replay may go: one resync to the newest event, and nothing replayed.
    await writeEvents(t.database.db, fresh.id, REPLAY_MAX_EVENTS);
    const latest = (await seqsOf(t, fresh.id)).at(-1);
    const behind = await openRawStream(base, fresh.cookie, { lastEventId: seqs[0] });
    expect(await until(() => behind.received().includes('event: resync'), 5_000)).toBe(true);
    expect(behind.received()).toContain(`id: ${latest}\nevent: resync\n`);
    expect(behind.received()).not.toContain('event: message');
    // After the resync, new events arrive live as usual.
    await writeEvents(t.database.db, fresh.id, 1);
    expect(await until(() => behind.received().includes('event: message'), 5_000)).toBe(true);
    behind.socket.destroy();
  });

  it('pauses a stream whose reader does not read, holding at most its bound, and sends the rest once it reads', async () => {
    const slow = await openRawStream(base, member.cookie, { reading: false });
    await until(() => t.app.live.streamsOf(member.id) === 1, 5_000);
    // Far more than the kernel's socket buffers hold: 40 batches of 100 events of about 1 KB.
    let maxBuffered = 0;
    for (let i = 0; i < 40; i++) {
      await writeEvents(t.database.db, member.id, 100);
      await new Promise((r) => setTimeout(r, 20));
      maxBuffered = Math.max(maxBuffered, t.app.live.bufferedBytes);
    }
    await new Promise((r) => setTimeout(r, 300));
    maxBuffered = Math.max(maxBuffered, t.app.live.bufferedBytes);
    expect(maxBuffered).toBeGreaterThan(0);
    expect(maxBuffered).toBeLessThanOrEqual(STREAM_BUFFER_MAX_BYTES);
    // Once it reads, it is caught up: by replay, or (being far behind) by a resync to the newest.
    let text = '';
    slow.socket.setEncoding('utf8');
    slow.socket.on('data', (chunk: string) => {
      text = (text + chunk).slice(-20_000);
    });
    slow.socket.resume();
    const newest = (await seqsOf(t, member.id)).at(-1);
    expect(await until(() => text.includes(`id: ${newest}\n`), 10_000)).toBe(true);
    slow.socket.destroy();
  });

  it('answers 503 with Retry-After when the server holds as many streams as it may', async () => {
    const others = await Promise.all(['Ada One', 'Bea Two', 'Cy Three'].map((name) => createMember(t, { name })));
    const held = await Promise.all(others.map((m) => openRawStream(base, m.cookie)));
    await until(() => t.app.live.size === 3, 5_000);
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: member.cookie } });
    expect(refused.status).toBe(503);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(5);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect((await refused.json()).error.code).toBe('LIVE_STREAMS_BUSY');
    for (const s of held) s.socket.destroy();
    await until(() => t.app.live.size === 0, 5_000);
    const admitted = await openRawStream(base, member.cookie);
    expect(await until(() => admitted.received().includes('retry: '), 5_000)).toBe(true);
    admitted.socket.destroy();
  });
});
