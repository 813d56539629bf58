import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { AppMetrics } from './registry';

/** The value of an unlabelled series, or of one sample of a labelled one, from the text. */
function sample(text: string, series: string): string | undefined {
  return text
    .split('\n')
    .find((line) => line.startsWith(`${series} `))
    ?.slice(series.length + 1);
}

function metricsOn(ping: () => Promise<void>, db = {} as Database) {
  const metrics = new AppMetrics();
  metrics.watch({
    database: { db, ping },
    live: () => undefined,
    uploads: { inFlight: 0, waiting: 0 },
    uploadsMax: 8,
    server: http.createServer(),
  });
  return metrics;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AppMetrics when the database does not answer', () => {
  it('shows the outbox while the database answers, and leaves it out (never stale) once it does not', async () => {
    let up = true;
    const rows = [{ due: 3, scheduled: 1, failed: 2, oldest_due_seconds: '12.5' }];
    const metrics = metricsOn(() => (up ? Promise.resolve() : Promise.reject(new Error('connection refused'))), {
      execute: async () => ({ rows }),
    } as unknown as Database);
    const answering = await metrics.render();
    expect(sample(answering, 'quadmates_database_up')).toBe('1');
    expect(sample(answering, 'quadmates_mail_outbox_messages{state="due"}')).toBe('3');
    expect(sample(answering, 'quadmates_mail_outbox_messages{state="scheduled"}')).toBe('1');
    expect(sample(answering, 'quadmates_mail_outbox_messages{state="failed"}')).toBe('2');
    expect(sample(answering, 'quadmates_mail_outbox_oldest_due_seconds')).toBe('12.5');

    up = false;
    const down = await metrics.render();
    expect(sample(down, 'quadmates_database_up')).toBe('0');
    expect(down.split('\n').filter((line) => line.startsWith('quadmates_mail_outbox_'))).toEqual([]);
  });

  it('answers a scrape after 2 s when the database hangs, and sends it one probe however many scrapes come', async () => {
    vi.useFakeTimers();
    let probes = 0;
    const metrics = metricsOn(() => {
      probes += 1;
      return new Promise<void>(() => {});
    });
    let answered = 0;
    const scrapes = [metrics.render(), metrics.render(), metrics.render()].map((scrape) =>
      scrape.then((text) => {
        answered += 1;
        return text;
      }),
    );
    await vi.advanceTimersByTimeAsync(1_999);
    expect(answered).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const texts = await Promise.all(scrapes);
    expect(probes).toBe(1);
    for (const text of texts) {
      expect(sample(text, 'quadmates_database_up')).toBe('0');
      expect(Number(sample(text, 'quadmates_database_probe_seconds'))).toBe(2);
    }
  });
});
