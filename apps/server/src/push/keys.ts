import webPush from 'web-push';
import type { Database } from '../db/database';
import type { SecretBox } from '../security/secret-box';

/** Where the VAPID keys live in `app_settings` (the owner's alone), and the sealed key's place (its additional data). */
const SETTING = 'vapid_keys';
const PRIVATE_PLACE = 'app:vapid:private_key';

/**
 * The server's VAPID keys (RFC 8292; docs/security.md, "VAPID keys"): the public key browsers
 * subscribe with, and the private key that signs each push service's JWT. The private key stays
 * in this object's private field: it is in no property, no JSON and no log line.
 */
export class VapidKeys {
  readonly publicKey: string;
  readonly #privateKey: string;

  constructor(publicKey: string, privateKey: string) {
    this.publicKey = publicKey;
    this.#privateKey = privateKey;
  }

  /** What `webPush.sendNotification` signs with. */
  details(subject: string): { subject: string; publicKey: string; privateKey: string } {
    return { subject, publicKey: this.publicKey, privateKey: this.#privateKey };
  }

  toJSON(): { publicKey: string } {
    return { publicKey: this.publicKey };
  }
}

interface StoredKeys {
  public_key: string;
  /** sealed with the secret box (SECRETS_KEY) */
  private_key: string;
}

/**
 * The VAPID keys, made at the first start and kept (docs/product.md#push-notifications): every
 * subscription is bound to the public key, so they must outlive restarts. Processes starting
 * together keep the first pair stored.
 */
export async function vapidKeysOf(database: Database, box: SecretBox): Promise<VapidKeys> {
  const stored = await database.asOwner(async (tx) => {
    const read = () => tx.selectFrom('app_settings').select('value').where('key', '=', SETTING).executeTakeFirst();
    const found = await read();
    if (found) return found.value;
    const made = webPush.generateVAPIDKeys();
    const value: StoredKeys = { public_key: made.publicKey, private_key: box.seal(PRIVATE_PLACE, made.privateKey) };
    await tx
      .insertInto('app_settings')
      .values({ key: SETTING, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return (await read())!.value;
  });
  const keys = JSON.parse(stored) as StoredKeys;
  let privateKey: string;
  try {
    privateKey = box.open(PRIVATE_PLACE, keys.private_key);
  } catch {
    throw new Error(
      'The stored VAPID private key does not open with this SECRETS_KEY: start with the key it was sealed with (docs/security.md, "VAPID keys").',
    );
  }
  return new VapidKeys(keys.public_key, privateKey);
}
