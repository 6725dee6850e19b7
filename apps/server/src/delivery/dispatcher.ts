import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { bundleMessage } from '@relevo/domain';
import { SYSTEM, type Database } from '../db/database';
import { bundledWith, markSent, OUTBOX_CHANNEL, OUTBOX_JOBS, recordOutcome } from './queries';
import type { OutboxRow } from '../db/schema';
import type { Compilable } from 'kysely';
import type { Claimed } from '../jobs/lease';
import { JobRunner, JobWorker } from '../jobs/worker';
import type { Sender, Senders } from './channels';

export interface DispatcherOptions {
  database: Database;
  clock: Clock;
  senders: Senders;
  log: Logger;
  workerId: string;
  /** each claimed message's lease (default 30 s, renewed while it is sent) */
  leaseMs?: number;
  /** messages sent at the same time (default 8) */
  concurrency?: number;
  /** a send taking longer is aborted and retried (default 60 s; the senders time out sooner) */
  timeoutMs?: number;
  idlePollMs?: number;
  /**
   * An engine contact that every provider of its chain refused: its log row says failed and the
   * escalation moves on (the inbound status path), before the message completes.
   */
  undelivered?(idempotencyKey: string, detail: string): Promise<void>;
}

const isContact = (message: OutboxRow) => message.idempotency_key.startsWith('event:');

/** The channel's sender; a push contact in a process without one is not delivered (the escalation moves on). */
const senderOf = (senders: Senders, channel: OutboxRow['channel']): Sender =>
  channel === 'push'
    ? (senders.push ??
      (async () => ({
        provider: null,
        messageId: null,
        tried: 0,
        status: 'failed' as const,
        detail: 'This worker sends no push notifications',
        failoverLeft: false,
      })))
    : senders[channel];

type Bundle = Awaited<ReturnType<ReturnType<typeof bundledWith>['execute']>>;

/**
 * The sending side of engine contacts: the contacts bundled into each claimed message while it
 * waited (throttling, delivery/queries.ts) are read for the whole claim at once; once a message is out,
 * its contacts' log rows say sent in the transaction that completes it.
 */
class Contacts {
  #bundles = new Map<number, Bundle>();
  #sent = new Map<string, Compilable<unknown>[]>();
  constructor(
    private readonly database: Database,
    private readonly undelivered?: DispatcherOptions['undelivered'],
  ) {}

  async prepare(messages: readonly OutboxRow[]): Promise<void> {
    const heads = messages.filter(isContact).map((m) => m.id);
    if (heads.length === 0) return;
    const [rows] = await this.database.read(SYSTEM, [bundledWith(this.database.db, heads)]);
    for (const id of heads) this.#bundles.set(id, []);
    for (const row of rows) this.#bundles.get(row.bundled_into!)?.push(row);
  }

  /** Sends one message: an engine contact goes with the contacts bundled into it, in one text. */
  async send(senders: Senders, message: Claimed<OutboxRow>, signal: AbortSignal): Promise<void> {
    if (!isContact(message)) {
      const outcome = await senderOf(senders, message.channel)(message, signal);
      if (outcome) this.#sent.set(message.claim_token, recordOutcome(this.database.db, message, outcome, false));
      return;
    }
    let bundled = this.#bundles.get(message.id);
    this.#bundles.delete(message.id);
    bundled ??= (await this.database.read(SYSTEM, [bundledWith(this.database.db, [message.id])]))[0];
    const text = bundleMessage(
      message.channel,
      message.language ?? 'ES',
      { subject: message.subject, body: message.body ?? '' },
      bundled.map((b) => ({ label: b.bundle_label ?? b.idempotency_key, subject: b.subject, body: b.body ?? '' })),
    );
    const outcome = await senderOf(senders, message.channel)(
      { ...message, subject: text.subject, body: text.body },
      signal,
    );
    if (outcome?.status === 'failed' && this.undelivered)
      await this.undelivered(message.idempotency_key, outcome.detail ?? '');
    this.#sent.set(message.claim_token, [
      ...(outcome?.status === 'failed'
        ? []
        : markSent(this.database.db, message.idempotency_key, bundled, outcome ?? undefined)),
      ...(outcome ? recordOutcome(this.database.db, message, outcome, true) : []),
    ]);
  }

  /** What the completion of a message that went out writes beside it. */
  sent(message: Claimed<OutboxRow>): Compilable<unknown>[] {
    const statements = this.#sent.get(message.claim_token) ?? [];
    this.#sent.delete(message.claim_token);
    return statements;
  }
}

/**
 * The worker side of the outbox: claims due messages, sends each under its own lease, and records
 * the outcome through fenced writes. Woken at once by NOTIFY when a message is queued, so a
 * message queued by any process is sent by some worker. Messages to one recipient on one channel
 * go out in queue order (a resent code arrives after the code it replaces).
 */
export class OutboxDispatcher extends JobRunner<OutboxRow> {
  constructor(options: DispatcherOptions) {
    const { senders } = options;
    const contacts = new Contacts(options.database, options.undelivered);
    super(
      new JobWorker<OutboxRow>({
        database: options.database,
        clock: options.clock,
        log: options.log,
        workerId: options.workerId,
        table: OUTBOX_JOBS,
        channel: OUTBOX_CHANNEL,
        run: (message, signal) => contacts.send(senders, message, signal),
        prepare: (messages) => contacts.prepare(messages),
        completionStatements: (message) => contacts.sent(message),
        doneValues: (now) => ({ sent_at: now }),
        serialKey: (message) => `${message.channel}:${message.recipient}`,
        leaseMs: options.leaseMs,
        concurrency: options.concurrency,
        timeoutMs: options.timeoutMs,
        idlePollMs: options.idlePollMs,
      }),
    );
    this.#senders = senders;
  }

  #senders: Senders;

  override async stop(): Promise<void> {
    await super.stop();
    for (const sender of Object.values(this.#senders)) sender.close?.();
  }
}
