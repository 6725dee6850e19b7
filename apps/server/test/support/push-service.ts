import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A browser's push service on a local https port (test/fixtures/push-service.crt, a self-signed
 * certificate for 127.0.0.1 made for these tests only), and the browser's side of a subscription:
 * its ECDH key pair and auth secret, made here as a browser makes them, so a test reads what
 * Relevo encrypted for the device (RFC 8291) and checks the VAPID signature (RFC 8292) as a push
 * service does.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
/** Trusts the local push service's certificate, and nothing else. */
export const pushServiceAgent = () => new Agent({ ca: fixture('push-service.crt'), keepAlive: false });

/** A browser's subscription: what `PushSubscription.toJSON()` gives, and the private key it decrypts with. */
export class Device {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer;
  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }
  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }
}

/** RFC 8291 (with RFC 8188's aes128gcm record): the plain text of a push message for `device`. */
export function decryptPush(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id');
  const shared = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // the last record: the text, the delimiter 0x02, then zeros
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** What the VAPID header carries once verified: the JWT's claims and the key it names. */
export interface Vapid {
  claims: JWTPayload;
  publicKey: string;
}

/** Verifies `Authorization: vapid t=<JWT>, k=<public key>` as a push service does: ES256 with k, aud its origin, exp within 24 h, a sub. */
export async function verifyVapid(header: string | undefined, origin: string, now = Date.now()): Promise<Vapid> {
  const match = /^vapid t=([A-Za-z0-9_.-]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
  if (!payload.exp || payload.exp * 1000 > now + 24 * 60 * 60 * 1000 || payload.exp * 1000 < now)
    throw new Error(`exp is not within 24 hours: ${payload.exp}`);
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('no sub');
  return { claims: payload, publicKey: k };
}

/** One push message as the service received it. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  vapid: Vapid | null;
  /** the answer given */
  status: number;
}

/**
 * The push service: answers 201 to a message whose VAPID signature holds (403 otherwise), and
 * what `answer` says for a path (410 once for a device that is gone, 500 for trouble).
 */
export class PushService {
  readonly received: Received[] = [];
  url = '';
  /** answers to come for a path, first one first; once used up, 201 */
  readonly answers = new Map<string, number[]>();
  readonly #server: Server;

  constructor() {
    this.#server = createServer(
      { key: fixture('push-service.key'), cert: fixture('push-service.crt') },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const path = request.url ?? '';
          const body = Buffer.concat(chunks);
          verifyVapid(request.headers.authorization, this.url)
            .then(
              (vapid) => ({ vapid, status: this.answers.get(path)?.shift() ?? 201 }),
              () => ({ vapid: null, status: 403 }),
            )
            .then(({ vapid, status }) => {
              this.received.push({ path, headers: request.headers, body, vapid, status });
              response.writeHead(
                status,
                status === 201 ? { location: `${this.url}/messages/${this.received.length}` } : {},
              );
              response.end();
            });
        });
      },
    );
  }

  /** A new subscription of this service, as a browser would make it. */
  device(): Device {
    return new Device(`${this.url}/push/${randomBytes(12).toString('base64url')}`);
  }

  /** The messages a device got (answered 201). */
  to(device: Device): Received[] {
    const path = new URL(device.endpoint).pathname;
    return this.received.filter((r) => r.path === path && r.status === 201);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this.url;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
