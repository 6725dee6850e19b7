import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, secretKeyFrom } from '../src/security/secret-box';

describe('the secret box (docs/security.md, "Provider credentials")', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a value that opens only in its own place and with its own key', () => {
    const sealed = box.seal('customer:1:twilio:auth_token', 'the-token');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('the-token');
    expect(box.open('customer:1:twilio:auth_token', sealed)).toBe('the-token');
    // a fresh nonce each time
    expect(box.seal('customer:1:twilio:auth_token', 'the-token')).not.toBe(sealed);
    // moved to another customer or field, or opened with another key: refused
    expect(() => box.open('customer:2:twilio:auth_token', sealed)).toThrow();
    expect(() => box.open('customer:1:vonage:api_secret', sealed)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open('customer:1:twilio:auth_token', sealed)).toThrow();
    // one bit changed: refused
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open('customer:1:twilio:auth_token', `v1.${raw.toString('base64url')}`)).toThrow();
    expect(() => box.open('customer:1:twilio:auth_token', 'the-token')).toThrow();
  });

  it('reads SECRETS_KEY as 64 hexadecimal characters or base64 of 32 bytes, and nothing else', () => {
    const key = randomBytes(32);
    expect(secretKeyFrom(key.toString('hex'))).toEqual(key);
    expect(secretKeyFrom(key.toString('base64'))).toEqual(key);
    expect(secretKeyFrom(key.toString('base64url'))).toEqual(key);
    expect(secretKeyFrom('short')).toBeNull();
    expect(secretKeyFrom(randomBytes(16).toString('hex'))).toBeNull();
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
