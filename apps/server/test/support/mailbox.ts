import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** when it arrived (Date.now()) */
  receivedAt: number;
}

/** A real SMTP server in the test process that keeps every message it accepts. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  #server: SMTPServer;
  #waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = [parsed.to]
              .flat()
              .filter(Boolean)
              .flatMap((address) =>
                address && 'value' in address ? address.value.map((v) => (v.address ?? '').toLowerCase()) : [],
              );
            const headers: Record<string, string> = {};
            for (const [key, value] of parsed.headers) headers[key] = String(value);
            this.messages.push({
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers,
              receivedAt: Date.now(),
            });
            for (const wake of this.#waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<string> {
    // a sender killed in the middle of a session (the fault tests kill workers) resets its
    // connection; the receiving end carries on, as a mail server does, instead of throwing
    this.#server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The messages to an address, optionally only those with this subject. */
  to(address: string, subject?: string): ReceivedMail[] {
    return this.messages.filter(
      (m) => m.to.includes(address.toLowerCase()) && (subject === undefined || m.subject === subject),
    );
  }

  /** Waits for the `count`-th message to an address (1 = the first), optionally with this subject. */
  async waitFor(address: string, count = 1, timeoutMs = 10_000, subject?: string): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = this.to(address, subject);
      if (list.length >= count) return list[count - 1]!;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No message number ${count} to ${address} within ${timeoutMs} ms (got ${list.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 500));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** The 6-digit code of a sign-in or reset message. */
export function codeIn(text: string): number {
  const match = /\b([1-9]\d{5})\b/.exec(text);
  if (!match) throw new Error(`No code in: ${text}`);
  return Number(match[1]);
}
