import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  body: string;
  kind: 'sms' | 'voice';
  idempotency_key: string;
  /** a voice call's spoken audio */
  audio_url?: string;
}

/**
 * A real HTTP receiver for the SMS/voice webhook; `failNext` makes it answer 503 a number of times,
 * `delayMs` makes it a slow gateway (a message counts as received on arrival, answered later),
 * `holdNext` a stuck one (the next requests arrive and are never answered; `held` lists their keys).
 */
export class SmsReceiver {
  readonly messages: ReceivedSms[] = [];
  /** when each message of `messages` arrived (Date.now()) */
  readonly arrivals: number[] = [];
  /** each accepted request's raw body and its signature headers, as they came */
  readonly raw: { body: string; timestamp: string | undefined; signature: string | undefined }[] = [];
  failNext = 0;
  delayMs = 0;
  holdNext = 0;
  readonly held: string[] = [];
  #server: Server;
  port = 0;

  constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.failNext > 0) {
          this.failNext--;
          response.writeHead(503).end('busy');
          return;
        }
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          this.messages.push(JSON.parse(text) as ReceivedSms);
          const header = (name: string) =>
            typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined;
          this.raw.push({
            body: text,
            timestamp: header('x-relevo-timestamp'),
            signature: header('x-relevo-signature'),
          });
          this.arrivals.push(Date.now());
          if (this.holdNext > 0) {
            this.holdNext--;
            this.held.push(this.messages.at(-1)!.idempotency_key);
            return;
          }
          const answer = () => response.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
          if (this.delayMs > 0) setTimeout(answer, this.delayMs);
          else answer();
        } catch {
          response.writeHead(400).end('bad json');
        }
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}/sms`;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    // a held request would keep its connection open
    this.#server.closeAllConnections();
    await closed;
  }

  to(phone: string): ReceivedSms[] {
    return this.messages.filter((m) => m.to === phone);
  }

  async waitFor(phone: string, count = 1, timeoutMs = 10_000): Promise<ReceivedSms> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = this.to(phone);
      if (list.length >= count) return list[count - 1]!;
      if (Date.now() > deadline) throw new Error(`No SMS number ${count} to ${phone} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
