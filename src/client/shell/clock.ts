/**
 * The time and time zone pages write dates in ('Posted November 23', 'Updated 3 minutes ago'). The
 * server draws a page at one moment, in no reader's time zone, and the browser takes it over a
 * moment later (decision 0029): while it does (hydration) the page must read what the server read,
 * or a date near midnight in the reader's zone, or a minute passing in between, would change its
 * text and React would throw the drawn page away. So during the drawing and the takeover the clock
 * is the moment of the drawing, in UTC; then the browser's own, in the reader's zone, renewed every
 * minute.
 */
import { useSyncExternalStore } from 'react';
import { useDrawing } from './drawing';

export type Zone = 'utc' | 'local';
export interface Clock {
  /** Milliseconds since the epoch. */
  now: number;
  zone: Zone;
}

const MINUTE_MS = 60_000;

let drawn: Clock | undefined;
let live: Clock = { now: minuteOf(Date.now()), zone: 'local' };

function minuteOf(ms: number): number {
  return ms - (ms % MINUTE_MS);
}

/** The drawing's clock in the browser, read from the page (the server's is its drawing's own, drawing.ts). */
function drawnClock(): Clock {
  if (!drawn) {
    const fromPage = Number(document.getElementById('root')?.dataset.drawnAt);
    drawn = { now: Number.isFinite(fromPage) ? fromPage : Date.now(), zone: 'utc' };
  }
  return drawn;
}

function liveClock(): Clock {
  const minute = minuteOf(Date.now());
  if (minute !== live.now) live = { now: minute, zone: 'local' };
  return live;
}

function everyMinute(changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const next = () => {
    timer = setTimeout(
      () => {
        changed();
        next();
      },
      MINUTE_MS - (Date.now() % MINUTE_MS),
    );
  };
  next();
  return () => clearTimeout(timer);
}

export function useClock(): Clock {
  const drawing = useDrawing();
  return useSyncExternalStore(everyMinute, liveClock, drawing ? () => drawing.clock : drawnClock);
}
