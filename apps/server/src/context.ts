import type { Logger } from 'pino';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { OUTBOX_CHANNEL } from './delivery/queries';
import { wake } from './db/wake';
import type { PrincipalCache } from './auth/principals';
import type { TokenSigner } from './auth/tokens';
import type { Limits } from './limits';
import type { DeliveryDirectory } from './delivery/accounts';
import type { VapidKeys } from './push/keys';

/** What every route and service of one process shares. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  signer: TokenSigner;
  principals: PrincipalCache;
  limits: Limits;
  log: Logger;
  /** the providers' settings and adapters of each customer (docs/product.md#delivery-providers) */
  delivery: DeliveryDirectory;
  /** the VAPID keys push notifications are signed with (docs/product.md#push-notifications) */
  push: VapidKeys;
  /** set when the process begins to stop: readiness answers 503 from then on */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  stopping: boolean;
}

/** Tells the workers that a message was queued (after the queuing transaction committed). */
export async function wakeOutbox(ctx: Pick<AppContext, 'database'>): Promise<void> {
  await wake(ctx.database, OUTBOX_CHANNEL);
}
