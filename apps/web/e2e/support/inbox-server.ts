import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

export interface CapturedSms {
  to: string;
  body: string;
  kind: string;
  idempotency_key: string;
  receivedAt: number;
}

export interface Inbox {
  smtpPort: number;
  /** base of the HTTP side: POST /sms is the SMS webhook; GET /mail and GET /sms list what arrived */
  httpUrl: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

/**
 * A real SMTP server and a real SMS webhook receiver for the server under test. They keep what
 * arrives in memory and show it over HTTP, because the tests run in other processes.
 */
export async function startInbox(): Promise<Inbox> {
  const mails: CapturedMail[] = [];
  const texts: CapturedSms[] = [];

  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
            address.value.map((entry) => entry.address ?? ''),
          );
          mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', receivedAt: Date.now() });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await listen(smtp.server);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.url === '/sms') {
      readBody(request)
        .then((raw) => {
          const message = JSON.parse(raw) as Omit<CapturedSms, 'receivedAt'>;
          texts.push({ ...message, receivedAt: Date.now() });
          reply(200, { ok: true });
        })
        .catch(() => reply(400, { ok: false }));
      return;
    }
    if (request.method === 'GET' && request.url === '/mail') return reply(200, mails);
    if (request.method === 'GET' && request.url === '/sms') return reply(200, texts);
    reply(404, { detail: 'Not found' });
  });
  await listen(http);
  const httpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    smtpPort,
    httpUrl,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
