import { generateKeyPairSync, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, PushEndpointSchema, PushSubscriptionSchema } from './push-subscription';

/** A browser's subscription keys, as `PushSubscription.toJSON()` gives them (docs/product.md#push-notifications). */
function browserKeys() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const messages = (input: unknown) => {
  const result = v.safeParse(PushSubscriptionSchema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};
const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';

describe('a push subscription body', () => {
  it('takes what browsers give, many times over', () => {
    for (let i = 0; i < 200; i++) expect(messages({ endpoint, expirationTime: null, keys: browserKeys() })).toEqual([]);
  });

  it('refuses an endpoint that is not https, too long, or not an address', () => {
    const keys = browserKeys();
    for (const bad of [
      'http://fcm.googleapis.com/x',
      `https://push.example/${'a'.repeat(2000)}`,
      'https://push example',
      'javascript:alert(1)',
      '',
    ])
      expect(messages({ endpoint: bad, keys })).toEqual([PUSH_MESSAGES.endpoint]);
    expect(messages({ keys })).toEqual([PUSH_MESSAGES.endpointRequired]);
  });

  it('refuses keys of the wrong length or alphabet, with their own messages', () => {
    const keys = browserKeys();
    expect(messages({ endpoint, keys: { ...keys, p256dh: keys.p256dh.slice(1) } })).toEqual([PUSH_MESSAGES.p256dh]);
    expect(messages({ endpoint, keys: { ...keys, p256dh: `${keys.p256dh}=` } })).toEqual([PUSH_MESSAGES.p256dh]);
    // a compressed point (0x02) is not what browsers send
    const compressed = Buffer.from(keys.p256dh, 'base64url');
    compressed[0] = 2;
    expect(messages({ endpoint, keys: { ...keys, p256dh: compressed.toString('base64url') } })).toEqual([
      PUSH_MESSAGES.p256dh,
    ]);
    expect(messages({ endpoint, keys: { ...keys, auth: randomBytes(17).toString('base64url') } })).toEqual([
      PUSH_MESSAGES.auth,
    ]);
    expect(messages({ endpoint, keys: { ...keys, auth: 'a+b/'.repeat(5) + 'AA' } })).toEqual([PUSH_MESSAGES.auth]);
    expect(messages({ endpoint })).toEqual([PUSH_MESSAGES.keysRequired]);
  });

  it('refuses fields it does not know', () => {
    expect(messages({ endpoint, keys: browserKeys(), owner: 12 })).toHaveLength(1);
    expect(v.safeParse(PushEndpointSchema, { endpoint }).success).toBe(true);
  });
});
