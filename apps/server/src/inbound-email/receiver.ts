import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { INBOUND_EMAIL_MESSAGES, INGEST_MESSAGES, emailIncident, inboundLocalPart } from '@relevo/domain';
import type { InboundEmailConfig } from '../config';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { incidentService } from '../incidents/ingest';
import { WindowLimiter } from '../incidents/window-limiter';
import { inboundModules, type InboundModule } from './queries';

/** An SMTP refusal: smtp-server answers the code and the text. */
function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

/** What a mail came to for one module. */
type Outcome =
  | { kind: 'opened'; case_id: string; created: boolean }
  /** permanent: the module takes no incidents (inactive, or its escalation cannot run), or it is gone */
  | { kind: 'refused'; reason: string }
  /** the module's limit, or anything that went wrong here: the sender tries again later */
  | { kind: 'later'; reason: string };

/** Reads the message up to `maxBytes`; null when it is bigger (the rest is read and dropped). */
async function bounded(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size <= maxBytes ? Buffer.concat(chunks) : null;
}

/** Whether a module takes mail at RCPT time: a refusal's text, or null. */
function rcptRefusal(module: InboundModule | undefined): string | null {
  // an inactive customer's addresses are as unknown as any other: nothing tells a sender they exist
  if (!module || module.customer_active !== 'Y') return INBOUND_EMAIL_MESSAGES.noSuchMailbox;
  if (module.module_active !== 'Y') return INGEST_MESSAGES.moduleInactive;
  return null;
}

/**
 * E-mail into incidents (docs/product.md#e-mail-into-incidents): an SMTP server inside the API
 * process. No authentication (the address is the secret) and no STARTTLS. A recipient is looked up
 * at RCPT time (the domain, the shape, then one probe of the unique index) and an unknown one is
 * refused with 550; a message is taken up to `maxBytes` (SIZE is advertised, a bigger one is
 * answered 552), parsed for its subject and text (attachments are ignored), and opens one incident
 * per module named, through the ingest API's own path: the module's checks, its escalation and a
 * dedup key of the subject. A module that takes no incidents is answered 550 with the reason; the
 * module's limit or a failure here 451, so the sender tries again and nothing is lost (a retry
 * finds the incident it opened by its subject).
 */
export class InboundEmailReceiver {
  readonly #server: SMTPServer;
  readonly #ctx: AppContext;
  readonly #config: InboundEmailConfig;
  readonly #incidents: ReturnType<typeof incidentService>;
  readonly #limiter: WindowLimiter;
  #port = 0;

  constructor(ctx: AppContext, config: InboundEmailConfig) {
    this.#ctx = ctx;
    this.#config = config;
    // an incident waits on these: they run on the connections readers cannot hold (Database.urgent)
    this.#incidents = incidentService({ ...ctx, database: ctx.database.urgent });
    // docs/product.md#incidents-in: a module's incidents per minute, mail counted on its own
    this.#limiter = new WindowLimiter(ctx.limits.ingestPerModule);
    this.#server = new SMTPServer({
      name: config.domain,
      banner: 'Relevo e-mail into incidents',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: config.maxBytes,
      rejectOversized: true,
      logger: false,
      disableReverseLookup: true,
      maxRecipients: 20,
      onRcptTo: (address, session, callback) => {
        this.#recipient(address, session).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      onData: (stream, session, callback) => {
        this.#message(stream, session).then(
          (answer) => callback(null, answer),
          (error: Error) => callback(error),
        );
      },
    });
    // a client that drops its connection mid-session is its own business; the server carries on
    this.#server.on('error', (error) => ctx.log.warn({ err: error }, 'inbound e-mail: connection error'));
  }

  /** The port it listens on (the configured one, or the free one given for 0). */
  get port(): number {
    return this.#port;
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.#server.server.once('error', reject);
      this.#server.listen(this.#config.port, this.#config.host, () => {
        this.#server.server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.server.address() as AddressInfo).port;
    this.#ctx.log.info({ port: this.#port, domain: this.#config.domain }, 'inbound e-mail: listening');
    return this.#port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #recipient(address: SMTPServerAddress, session: SMTPServerSession): Promise<void> {
    const local = inboundLocalPart(address.address, this.#config.domain);
    let module: InboundModule | undefined;
    try {
      if (local !== null) [module] = await inboundModules(this.#ctx.database.urgent, [local]);
    } catch (error) {
      this.#ctx.log.error({ err: error, session: session.id }, 'inbound e-mail: recipient look-up failed');
      throw smtpError(451, INBOUND_EMAIL_MESSAGES.tryLater);
    }
    const refusal = rcptRefusal(module);
    if (refusal) {
      this.#ctx.log.info(
        { session: session.id, module: module?.module_id ?? null, remote: session.remoteAddress },
        'inbound e-mail: recipient refused',
      );
      throw smtpError(550, refusal);
    }
  }

  async #message(stream: Readable, session: SMTPServerSession): Promise<string> {
    const raw = await bounded(stream, this.#config.maxBytes);
    if (raw === null) {
      this.#ctx.log.info({ session: session.id }, 'inbound e-mail: message refused, too big');
      throw smtpError(552, INBOUND_EMAIL_MESSAGES.tooBig);
    }
    const locals = session.envelope.rcptTo
      .map((to) => inboundLocalPart(to.address, this.#config.domain))
      .filter((local): local is string => local !== null);
    let modules: InboundModule[];
    let incident: ReturnType<typeof emailIncident>;
    try {
      modules = await inboundModules(this.#ctx.database.urgent, [...new Set(locals)]);
      // the subject and the text: attachments are parsed past and never kept
      const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
      incident = emailIncident({ subject: parsed.subject, text: parsed.text });
    } catch (error) {
      this.#ctx.log.error({ err: error, session: session.id }, 'inbound e-mail: message could not be read');
      throw smtpError(451, INBOUND_EMAIL_MESSAGES.tryLater);
    }
    const outcomes = await Promise.all(modules.map((module) => this.#open(module, incident)));
    modules.forEach((module, index) => {
      const outcome = outcomes[index]!;
      this.#ctx.log.info(
        { session: session.id, module: module.module_id, ...outcome },
        outcome.kind === 'opened' ? 'inbound e-mail: accepted' : 'inbound e-mail: refused',
      );
    });
    // a failure to retry first: the modules that opened their incident find it again by its subject
    const later = outcomes.find((outcome) => outcome.kind === 'later');
    if (later) throw smtpError(451, later.reason);
    if (outcomes.length === 0 || outcomes.every((outcome) => outcome.kind === 'refused')) {
      const refused = outcomes.find((outcome) => outcome.kind === 'refused');
      throw smtpError(550, refused?.reason ?? INBOUND_EMAIL_MESSAGES.noSuchMailbox);
    }
    return INBOUND_EMAIL_MESSAGES.accepted;
  }

  async #open(module: InboundModule, incident: ReturnType<typeof emailIncident>): Promise<Outcome> {
    if (module.customer_active !== 'Y') return { kind: 'refused', reason: INBOUND_EMAIL_MESSAGES.noSuchMailbox };
    if (!this.#limiter.hit(module.module_id, this.#ctx.clock.now().getTime()).allowed)
      return { kind: 'later', reason: INBOUND_EMAIL_MESSAGES.tooMany };
    try {
      const opened = await this.#incidents.openForMonitor(module.customer_id, module.module_id, incident);
      return { kind: 'opened', case_id: opened.answer.case_id, created: opened.created };
    } catch (error) {
      // the ingest API's refusals: 409 the module takes no incidents, 404 it is gone, 429 its limit
      if (error instanceof HttpError && (error.status === 409 || error.status === 404))
        return { kind: 'refused', reason: error.detail };
      if (error instanceof HttpError && error.status === 429) return { kind: 'later', reason: error.detail };
      this.#ctx.log.error({ err: error, module: module.module_id }, 'inbound e-mail: the incident could not be opened');
      return { kind: 'later', reason: INBOUND_EMAIL_MESSAGES.tryLater };
    }
  }
}
