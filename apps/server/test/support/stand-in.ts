import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a provider's API received it. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer: a JSON value, or a text with its own content type (SNS answers XML). */
export interface Reply {
  status: number;
  body: unknown;
  type?: string;
}

/**
 * A provider's API on a local port, for the official clients pointed at it: keeps every request
 * (`requests`) and answers each with `reply`.
 */
export class StandIn {
  readonly requests: Recorded[] = [];
  url = '';
  readonly #server: Server;

  constructor(reply: (request: Recorded) => Reply) {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(recorded);
        const answer = reply(recorded);
        response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
        response.end(typeof answer.body === 'string' && answer.type ? answer.body : JSON.stringify(answer.body));
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
