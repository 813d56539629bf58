/**
 * The footer's groups-matched figure: the college's baseline (config) plus every posting this
 * deployment has seen marked Fulfilled. It is read on every page, so the count is kept in memory
 * and forgotten whenever the database announces a postings change (a status change is one), or
 * when announcements may have been missed; without live announcements every call reads it.
 */
import type { DatabaseHandle } from '../db/client';
import { countFulfilledPostings } from '../postings/status';

export interface GroupsMatched {
  read(): Promise<number>;
  close(): void;
}

export function createGroupsMatched(database: DatabaseHandle, baseline: number): GroupsMatched {
  let cached: Promise<number> | null = null;
  const unsubscribe = database.changes.subscribe((change) => {
    if (change.kind === 'postings' || change.kind === 'unheard') cached = null;
  });
  return {
    read() {
      if (!database.changes.live) return countFulfilledPostings(database.db).then((n) => baseline + n);
      if (!cached) {
        const reading = countFulfilledPostings(database.db).then((n) => baseline + n);
        cached = reading;
        // A failed read is not remembered.
        reading.catch(() => {
          if (cached === reading) cached = null;
        });
      }
      return cached;
    },
    close: unsubscribe,
  };
}
