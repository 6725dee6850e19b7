import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/security.md, "Provider credentials"): AES-256-GCM with a 32-byte key from
 * SECRETS_KEY, a fresh 12-byte nonce per value, and the value's place (`customer:12:twilio:auth_token`)
 * as additional data, so a ciphertext copied to another row or field does not open. Stored as
 * `v1.` + base64url(nonce | tag | ciphertext).
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
    this.#key = Buffer.from(key);
  }

  seal(place: string, plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(place, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text; throws when the value was not sealed for `place` with this key. */
  open(place: string, sealed: string): string {
    if (!sealed.startsWith('v1.')) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length < 28) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

export const SECRETS_KEY_RULE = 'must be 32 bytes as 64 hexadecimal characters or as base64';

/** SECRETS_KEY as the environment gives it: 64 hex characters, or base64 of 32 bytes; null when malformed. */
export function secretKeyFrom(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}
