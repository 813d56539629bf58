/**
 * A student's live stream (GET /api/events) read as a browser's EventSource reads it: when the
 * connection ends it waits the `retry:` the server sent, then connects again with Last-Event-ID set
 * to the last `id:` it received. Every event and every connection is kept for the checks.
 */
import http from 'node:http';

export interface LiveEvent {
  id: number | undefined;
  event: string;
  data: unknown;
  /** The connection (1, 2, ...) it arrived on. */
  connection: number;
}

export interface LiveConnection {
  n: number;
  openedAt: number;
  /** Last-Event-ID sent when connecting; undefined on the first connection. */
  lastEventIdSent: number | undefined;
  status?: number;
  closedAt?: number;
  events: number;
}

export class LiveReader {
  readonly events: LiveEvent[] = [];
  readonly connections: LiveConnection[] = [];
  lastEventId: number | undefined;
  /** EventSource's wait before reconnecting until the server names one. */
  retryMs = 3_000;
  private stopped = false;
  private request: http.ClientRequest | undefined;
  private wait: { timer: NodeJS.Timeout; wake: () => void } | undefined;

  constructor(
    readonly name: string,
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  start(): this {
    void this.run();
    return this;
  }

  /** Closes the stream for good, as closing the tab does. */
  stop(): void {
    this.stopped = true;
    this.request?.destroy();
    if (this.wait) {
      clearTimeout(this.wait.timer);
      this.wait.wake();
    }
  }

  get open(): boolean {
    const last = this.connections.at(-1);
    return last !== undefined && last.status === 200 && last.closedAt === undefined;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      await this.connect();
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wait = { timer: setTimeout(resolve, this.retryMs), wake: resolve };
      });
      this.wait = undefined;
    }
  }

  private connect(): Promise<void> {
    const connection: LiveConnection = {
      n: this.connections.length + 1,
      openedAt: Date.now(),
      lastEventIdSent: this.lastEventId,
      events: 0,
    };
    this.connections.push(connection);
    return new Promise((resolve) => {
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        connection.closedAt = Date.now();
        resolve();
      };
      const headers: Record<string, string> = { cookie: this.cookie, accept: 'text/event-stream' };
      if (this.lastEventId !== undefined) headers['last-event-id'] = String(this.lastEventId);
      const request = http.get(new URL('/api/events', this.base), { headers }, (response) => {
        connection.status = response.statusCode;
        response.on('close', finish);
        response.on('error', finish);
        // A refusal (a full server's 503) is tried again later, as the page does.
        if (response.statusCode !== 200) {
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            this.frame(buffer.slice(0, end), connection);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        });
      });
      request.on('error', finish);
      this.request = request;
    });
  }

  /** One frame: `retry:` sets the wait, `id:` the Last-Event-ID, `event:` and `data:` the event. */
  private frame(frame: string, connection: LiveConnection): void {
    let id: number | undefined;
    let event = 'message';
    let data: string | undefined;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      else if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
    }
    if (id !== undefined) this.lastEventId = id;
    if (data === undefined) return;
    connection.events += 1;
    this.events.push({ id, event, data: JSON.parse(data), connection: connection.n });
  }
}
