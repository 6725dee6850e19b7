import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called after the listening connection was lost and made again: notifications sent meanwhile
   * are gone, so a listener that acts on them should look again (a worker re-scans its jobs).
   */
  onReconnect?: () => void;
}

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;

/**
 * LISTEN on PostgreSQL through one dedicated connection of its own (a pooled one would be handed
 * to queries). When that connection drops (server restart, failover, an idle timeout, a killed
 * backend) it is made again with growing pauses, every channel is listened to again, and the
 * `onReconnect` callbacks run.
 */
export class PostgresListener {
  #url: string;
  #client: pg.Client | null = null;
  /** channels listened to on the current connection */
  #listened = new Set<string>();
  /** a connection being made */
  #connecting: Promise<void> | null = null;
  #handlers = new Map<string, NotificationHandler[]>();
  #onReconnect: (() => void)[] = [];
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | null = null;
  #onError: (error: Error) => void;
  /** what the connection declares at its start (the session timeouts of db/database.ts) */
  #settings: pg.ClientConfig;

  constructor(url: string, onError: (error: Error) => void = () => undefined, settings: pg.ClientConfig = {}) {
    this.#url = url;
    this.#onError = onError;
    this.#settings = settings;
  }

  async listen(channel: string, handler: NotificationHandler, options: ListenOptions = {}): Promise<void> {
    this.#handlers.set(channel, [...(this.#handlers.get(channel) ?? []), handler]);
    if (options.onReconnect) this.#onReconnect.push(options.onReconnect);
    // while reconnecting, the new connection listens to every channel
    if (this.#retryTimer) return;
    if (this.#connecting) await this.#connecting.catch(() => undefined);
    // the first connection: a failure reaches the caller (a worker that cannot listen does not start)
    else if (!this.#client) await this.#connect();
    await this.#listenAll();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  #connect(): Promise<void> {
    const attempt = (async () => {
      const client = new pg.Client({
        ...this.#settings,
        connectionString: this.#url,
        keepAlive: true,
        application_name: 'relevo-listener',
      });
      client.on('notification', (message) => {
        for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      client.on('error', (error) => this.#dropped(client, error));
      client.on('end', () => this.#dropped(client, null));
      try {
        await client.connect();
      } catch (error) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.#client = client;
      this.#listened = new Set();
      await this.#listenAll();
    })();
    this.#connecting = attempt;
    return attempt.finally(() => {
      if (this.#connecting === attempt) this.#connecting = null;
    });
  }

  async #listenAll(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    for (const channel of this.#handlers.keys()) {
      if (this.#listened.has(channel)) continue;
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (client === this.#client) this.#listened.add(channel);
    }
  }

  #dropped(client: pg.Client, error: Error | null): void {
    if (client !== this.#client || this.#closed) return;
    this.#client = null;
    this.#listened = new Set();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.#onError(error ?? new Error('the listening connection ended'));
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#retryTimer) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(LAST_RETRY_MS, this.#retryMs * 2);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#reconnect();
    }, wait);
    this.#retryTimer.unref();
  }

  async #reconnect(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#connect();
    } catch (error) {
      // dropped again while listening, or no server yet: try again later
      this.#onError(error instanceof Error ? error : new Error(String(error)));
      if (!this.#client) this.#scheduleReconnect();
      return;
    }
    if (!this.#client) return;
    this.#retryMs = FIRST_RETRY_MS;
    for (const callback of this.#onReconnect) callback();
  }
}
