/**
 * The live stream against one hostile student (issue 30, decision 0031): many streams from one
 * account, and streams that never read replaying from Last-Event-ID: 0 after thousands of events.
 * The floods run against a server process of its own (as `npm start` runs it), measured from here
 * as an outsider sees it: the streams it keeps open, its memory, and whether /healthz keeps
 * answering (every probe, each within its 10 s deadline). How fast it answers is a benchmark's
 * question, not a test's (these machines are noisy): `npm run bench:chat` times other students'
 * messages beside the same flood.
 * The server runs on the embedded database whatever TEST_DATABASE_URL says, so CI's PostgreSQL run
 * leaves this file out (.ci/run); the stream's bounds within one server, on either database, are
 * live-stream-limits.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STREAMS_PER_STUDENT } from '../../src/server/conversations/live-limits';
import {
  EVENTS,
  openRawStream,
  type RawStream,
  residentBytes,
  until,
  watchHealth,
  writeEvents,
} from '../support/live-streams';
import { type SeededServer, startSeededServer } from '../support/seeded-server';

describe('one hostile student against a running server', () => {
  let seeded: SeededServer<'attacker' | 'victim'>;
  // A server of its own for each attack: what one attack leaves (thousands of closed sockets, their
  // garbage) must not be timed or weighed as the next one's.
  beforeEach(async () => {
    seeded = await startSeededServer({ attacker: 'Mallory Flood', victim: 'Vic Reader' }, async (db, members) => {
      await writeEvents(db, members.attacker.id, EVENTS);
    });
    // A server that has been running: streams opened, replaced and closed, answers given, before the
    // attack is timed (a fresh process compiles those paths on first use). The attacker's events
    // were written by the seeding, not through this server, so the embedded database reads their
    // pages from disk on first use; one stream of the attacker's reads them, as writing them through
    // the server would have.
    await (await fetch(`${seeded.server.url}/healthz`)).arrayBuffer();
    const warm = await Promise.all([
      openRawStream(seeded.server.url, seeded.members.attacker.cookie),
      ...Array.from({ length: 20 }, () => openRawStream(seeded.server.url, seeded.members.victim.cookie)),
    ]);
    await until(() => warm.filter((s) => !s.ended).length === STREAMS_PER_STUDENT + 1, 10_000);
    for (const s of warm) s.socket.destroy();
  }, 120_000);
  afterEach(async () => {
    await seeded?.stop();
  });

  it(`2,000 streams from one account leave it ${STREAMS_PER_STUDENT}, and /healthz keeps answering`, async () => {
    const base = seeded.server.url;
    const health = watchHealth(base);
    await health.ready;
    const streams: RawStream[] = [];
    try {
      // In waves of 50 (more at once overflow the kernel's queue of connections waiting to be
      // accepted, which resets them before the server sees them): 2,000 in all.
      for (let wave = 0; wave < 40; wave++) {
        streams.push(
          ...(await Promise.all(Array.from({ length: 50 }, () => openRawStream(base, seeded.members.attacker.cookie)))),
        );
      }
      const settled = await until(() => streams.filter((s) => !s.ended).length === STREAMS_PER_STUDENT);
      const open = streams.filter((s) => !s.ended);
      expect(settled, `${open.length} streams still open`).toBe(true);
      // Every other stream was told why it ended.
      const ended = streams.filter((s) => s.ended);
      expect(ended.filter((s) => s.received().includes('event: replaced'))).toHaveLength(ended.length);
      // Another student still gets a stream, and the server still answers.
      const other = await openRawStream(base, seeded.members.victim.cookie);
      expect(await until(() => other.received().includes('retry: '), 5_000)).toBe(true);
      other.socket.destroy();
    } finally {
      for (const s of streams) s.socket.destroy();
    }
    const { durations, failures, summary } = await health.stop();
    console.info(`/healthz during 2,000 streams: ${summary}`);
    expect(failures).toEqual([]);
    expect(durations.length).toBeGreaterThan(5);
  }, 120_000);

  it(`400 streams that never read, replaying from Last-Event-ID: 0 after ${EVENTS.toLocaleString('en-US')} events, cost under 100 MB, and /healthz keeps answering`, async () => {
    const base = seeded.server.url;
    const pid = seeded.server.process.pid as number;
    // Settle what the warm-up left (its closed sockets) before measuring.
    await new Promise((r) => setTimeout(r, 500));
    const before = residentBytes(pid);
    const health = watchHealth(base);
    await health.ready;
    const streams: RawStream[] = [];
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 25);
    try {
      for (let wave = 0; wave < 8; wave++) {
        streams.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, () =>
              openRawStream(base, seeded.members.attacker.cookie, { lastEventId: 0, reading: false }),
            ),
          )),
        );
      }
      // Time for every replay the server would send to be sent.
      await new Promise((r) => setTimeout(r, 3_000));
      peak = Math.max(peak, residentBytes(pid));
    } finally {
      clearInterval(sample);
      for (const s of streams) s.socket.destroy();
    }
    const { durations, failures, summary } = await health.stop();
    console.info(`/healthz during 400 replaying streams: ${summary}`);
    expect(failures).toEqual([]);
    expect(durations.length).toBeGreaterThan(5);
    const growth = peak - before;
    expect(growth, `the server grew by ${Math.round(growth / 2 ** 20)} MB`).toBeLessThan(100 * 2 ** 20);
    // A reading stream replaying from 0 is told to resync instead of being sent 6,000 events.
    const reader = await openRawStream(base, seeded.members.attacker.cookie, { lastEventId: 0 });
    expect(await until(() => reader.received().includes('event: resync'), 5_000)).toBe(true);
    expect(reader.received()).not.toContain('event: message');
    reader.socket.destroy();
  }, 120_000);
});
