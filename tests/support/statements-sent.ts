/**
 * Which statements this process has sent to PostgreSQL, for the hostile-input files: a database that
 * was sent no statement since it was last read cannot have changed, so its fingerprint need not be
 * read again. Most hostile payloads are refused before any query; at 10,000 payloads per route that
 * skipped read was the largest share of the PostgreSQL suite's work.
 *
 * It watches pg's Client (every pool connection and the change listener go through its `query`).
 * PGlite has no such single door, so on PGlite the fingerprint is always read.
 */
import pg from 'pg';

interface ClientState {
  activeQuery?: unknown;
  queryQueue?: unknown[];
}

let sent = 0;
const clients = new Set<ClientState>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: ClientState, ...args: unknown[]) {
    sent += 1;
    clients.add(this);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Starts counting; from then on, `statementsSent()` moves whenever any connection is sent a statement. */
export function watchStatements(): void {
  install();
}

export const statementsSent = (): number => sent;

/** True when no connection has a statement running or waiting (so every one sent has finished). */
export function statementsSettled(): boolean {
  for (const client of clients) if (client.activeQuery || (client.queryQueue?.length ?? 0) > 0) return false;
  return true;
}
