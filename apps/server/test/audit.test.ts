import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_HEADERS,
  AUDIT_MESSAGES,
  MAX_PAGE_SIZE,
  PAGE_MESSAGES,
  type AuditRow,
  type ListOf,
} from '@relevo/domain';
import { ManualClock } from '../src/clock';
import type { RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, reportIncident } from './support/keyed-module';

/**
 * docs/product.md#audit-trail over HTTP: the record before and after a change, the client address
 * and the API token of the call; the list's filters and paging, newest first; a Customer Root
 * reads its own customer's rows only, a Staff Root every customer's, the other roles none; another
 * customer's id; bad input; the CSV; and no secret ever in the trail.
 */
const NOW = Date.parse('2026-06-10T09:00:00.000Z');
const WEBHOOK_SECRET = 'whsec-audit-0123456789abcdefghijklmn';

type Acme = { customerId: number; root: SignedIn; module: RunnableModule & { key: string } };

describe.each(DATABASE_KINDS)('audit trail on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let acme: Acme;
  let other: Acme;
  let rootEmail: string;
  let customer: SignedIn;
  let staffRoot: SignedIn;
  let staffEdit: SignedIn;
  let staffView: SignedIn;

  const headers = (who: SignedIn, address?: string) => ({
    authorization: `Bearer ${who.token}`,
    ...(address ? { 'x-forwarded-for': address } : {}),
  });
  const as = <T = unknown>(who: SignedIn, method: string, path: string, body?: unknown, address?: string) =>
    t.raw<T>(method, path, { headers: headers(who, address), ...(body === undefined ? {} : { body }) });
  const trail = async (who: SignedIn, query = '') => {
    const answer = await as<ListOf<AuditRow>>(who, 'GET', `/api/audit${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const stored = () => asSystem(t, (tx) => tx.selectFrom('audit_log').selectAll().orderBy('id').execute());
  const addSla = async (who: SignedIn, name: string, address?: string) => {
    const made = await as<{ sla_id: number }>(
      who,
      'POST',
      '/api/procedures/add/sla',
      { sla_name: name, sla_desc: 'Checkout', sla_response_time: 15, sla_response_time_mult: 'M' },
      address,
    );
    expect(made.status, made.text).toBe(200);
    return made.body.sla_id;
  };

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    // the test's calls come through a proxy it trusts, which names the client's address
    t = await startTestApp({ kind, clock, config: { trustProxy: 1, webhookAllowPrivate: true } });
    acme = await customerWithModule(t, 'Acme');
    other = await customerWithModule(t, 'Other');
    rootEmail = (
      await asSystem(t, (tx) =>
        tx
          .selectFrom('users')
          .select('email')
          .where('customer_id', '=', acme.customerId)
          .where('rol_id', '=', 4)
          .executeTakeFirstOrThrow(),
      )
    ).email;
    const signedIn = async (role: string, customerName?: string) => {
      const user = await t.createUser({ role, customer: customerName });
      return t.signIn(user.email, user.password);
    };
    customer = await signedIn('Customer', 'Acme');
    staffRoot = await signedIn('StaffRoot');
    staffEdit = await signedIn('StaffEdit');
    staffView = await signedIn('StaffView');
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps the record before and after an update, the client address, and no token for a session', async () => {
    const id = await addSla(acme.root, 'Gold', '203.0.113.7');
    clock.advance(60_000);
    const updated = await as(
      acme.root,
      'PUT',
      `/api/procedures/upd/sla/${id}`,
      {
        sla_name: 'Platinum',
        sla_desc: 'Checkout',
        sla_response_time: 10,
        sla_response_time_mult: 'M',
        sla_active: 'Y',
      },
      '198.51.100.23',
    );
    expect(updated.status, updated.text).toBe(200);
    const rows = (await trail(acme.root, '?entity=sla')).list.filter((row) => row.entity_id === String(id));
    // newest first
    expect(rows.map((row) => row.action)).toEqual(['update', 'create']);
    const [update, create] = rows as [AuditRow, AuditRow];
    expect(update).toMatchObject({
      customer: { id: acme.customerId, name: 'Acme' },
      actor_email: rootEmail,
      entity: 'sla',
      address: '198.51.100.23',
      token: null,
      before: { sla_name: 'Gold', sla_response_time: 15, sla_active: 'N' },
      after: { sla_name: 'Platinum', sla_response_time: 10, sla_active: 'Y' },
    });
    expect(Date.parse(update.created_at)).toBe(NOW + 60_000);
    expect(create).toMatchObject({ address: '203.0.113.7', before: null, after: { sla_name: 'Gold' } });
    // a delete keeps the record as it was, and no after
    expect((await as(acme.root, 'DELETE', `/api/procedures/del/sla/${id}`)).status).toBe(200);
    const [removed] = (await trail(acme.root, '?entity=sla&action=delete')).list;
    expect(removed).toMatchObject({ entity_id: String(id), before: { sla_name: 'Platinum' }, after: null });
  });

  it('keeps a person’s action on an event by its case ID, the event before and after', async () => {
    const { case_id } = await reportIncident(t, acme.module, 'Checkout down');
    const accepted = await as(acme.root, 'POST', `/api/events/${case_id}/accept`, undefined, '203.0.113.99');
    expect(accepted.status, accepted.text).toBe(200);
    const noted = await as(acme.root, 'POST', `/api/events/${case_id}/notes`, { text: 'Looking into it' });
    expect(noted.status, noted.text).toBe(200);
    const rows = (await trail(acme.root, '?entity=event')).list.filter((row) => row.entity_id === case_id);
    expect(rows.map((row) => row.action)).toEqual(['note', 'accept']);
    expect(rows[1]).toMatchObject({
      actor_email: rootEmail,
      address: '203.0.113.99',
      before: { case_id, event_status: 'open', accepted_by: null },
      after: { case_id, event_status: 'progress' },
      detail: { via: 'dashboard' },
    });
    expect(rows[0]!.detail).toMatchObject({ text: 'Looking into it' });
  });

  it('names the API token a call came with', async () => {
    const made = await as<{ id: number; token: string }>(acme.root, 'POST', '/api/tokens', {
      name: 'Nightly sync',
      scopes: ['catalogue'],
      expires_at: new Date(clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });
    expect(made.status, made.text).toBe(200);
    const tokenCall = await t.raw<{ sla_id: number }>('POST', '/api/procedures/add/sla', {
      headers: { authorization: `Bearer ${made.body.token}`, 'x-forwarded-for': '192.0.2.44' },
      body: { sla_name: 'By token', sla_desc: '', sla_response_time: 5, sla_response_time_mult: 'M' },
    });
    expect(tokenCall.status, tokenCall.text).toBe(200);
    const [row] = (await trail(acme.root, '?entity=sla&action=create')).list;
    expect(row).toMatchObject({
      entity_id: String(tokenCall.body.sla_id),
      address: '192.0.2.44',
      token: { id: made.body.id, name: 'Nightly sync' },
    });
    expect(JSON.stringify(await stored())).not.toContain(made.body.token);
  });

  it('shows a Customer Root its own customer only, a Staff Root every customer, and refuses the other roles', async () => {
    await addSla(other.root, 'Theirs');
    const own = await trail(acme.root, `?page_size=${MAX_PAGE_SIZE}`);
    expect(own.total).toBeGreaterThan(0);
    expect(own.list.every((row) => row.customer?.id === acme.customerId)).toBe(true);
    // naming its own customer is the same list; naming another is refused, not an empty list
    expect(await trail(acme.root, `?customer_id=${acme.customerId}&page_size=${MAX_PAGE_SIZE}`)).toEqual(own);
    expect(await as(acme.root, 'GET', `/api/audit?customer_id=${other.customerId}`)).toMatchObject({
      status: 403,
      body: { detail: AUDIT_MESSAGES.otherCustomer },
    });
    expect((await as(acme.root, 'GET', `/api/audit/export?customer_id=${other.customerId}`)).status).toBe(403);

    const all = await trail(staffRoot, `?page_size=${MAX_PAGE_SIZE}`);
    const customers = new Set(all.list.map((row) => row.customer?.id));
    expect(customers.has(acme.customerId) && customers.has(other.customerId)).toBe(true);
    const theirs = await trail(staffRoot, `?customer_id=${other.customerId}&page_size=${MAX_PAGE_SIZE}`);
    expect(theirs.total).toBeGreaterThan(0);
    expect(theirs.list.every((row) => row.customer?.id === other.customerId)).toBe(true);
    expect(all.total).toBeGreaterThan(own.total + theirs.total - 1);

    for (const who of [customer, staffEdit, staffView]) {
      expect((await as(who, 'GET', '/api/audit')).status).toBe(403);
      expect((await as(who, 'GET', '/api/audit/export')).status).toBe(403);
    }
    expect((await t.raw('GET', '/api/audit')).status).toBe(401);
  });

  it('filters by action, entity, actor and days, and pages newest first', async () => {
    const base = await trail(acme.root, `?page_size=${MAX_PAGE_SIZE}`);
    for (let i = 0; i < 3; i++) await addSla(acme.root, `Paged ${i}`);
    const creates = await trail(acme.root, `?action=create&entity=sla&page_size=${MAX_PAGE_SIZE}`);
    expect(creates.list.every((row) => row.action === 'create' && row.entity === 'sla')).toBe(true);
    const everything = await trail(acme.root, `?page_size=${MAX_PAGE_SIZE}`);
    expect(everything.total).toBe(base.total + 3);
    const times = everything.list.map((row) => Date.parse(row.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // pages follow one another without overlap
    const first = await trail(acme.root, '?page_size=2&page_num=1');
    const second = await trail(acme.root, '?page_size=2&page_num=2');
    expect(first.total).toBe(everything.total);
    expect([...first.list, ...second.list].map((row) => row.id)).toEqual(everything.list.slice(0, 4).map((r) => r.id));
    expect(await trail(acme.root, '?page_size=2&page_num=100000')).toEqual({ total: everything.total, list: [] });
    // the actor by a part of the e-mail, whatever its case
    const part = rootEmail.split('@')[0]!.toUpperCase();
    const byActor = await trail(acme.root, `?actor=${encodeURIComponent(part)}&page_size=${MAX_PAGE_SIZE}`);
    expect(byActor.total).toBeGreaterThan(0);
    expect(byActor.list.every((row) => row.actor_email === rootEmail)).toBe(true);
    expect((await trail(acme.root, '?actor=nobody-such')).total).toBe(0);
    // whole days in the viewer's zone, both ends included
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    expect((await trail(acme.root, `?from=${today}&to=${today}&page_size=${MAX_PAGE_SIZE}`)).total).toBe(
      everything.total,
    );
    expect((await trail(acme.root, '?from=2020-01-01&to=2020-01-02')).total).toBe(0);
    expect((await trail(acme.root, '?from=2099-01-01')).total).toBe(0);
  });

  it('refuses bad filters with their messages', async () => {
    const refused = async (query: string, loc: string, msg: string) => {
      const answer = await as<{ detail: { loc: string[]; msg: string }[] }>(acme.root, 'GET', `/api/audit${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.detail).toContainEqual({ loc: ['query', loc], msg });
    };
    await refused('?action=steal', 'action', AUDIT_MESSAGES.badAction);
    await refused('?from=2026-02-30', 'from', AUDIT_MESSAGES.badDate);
    await refused('?to=yesterday', 'to', AUDIT_MESSAGES.badDate);
    await refused('?from=2026-06-10&to=2026-06-01', 'to', AUDIT_MESSAGES.endBeforeStart);
    await refused(`?page_size=${MAX_PAGE_SIZE + 1}`, 'page_size', PAGE_MESSAGES.pageSizeTooLarge);
    await refused(`?actor=${'a'.repeat(101)}`, 'actor', AUDIT_MESSAGES.tooLong);
    await refused('?time_zone=Mars/Base', 'time_zone', AUDIT_MESSAGES.badTimeZone);
    expect((await as(acme.root, 'GET', '/api/audit?customer_id=0')).status).toBe(422);
  });

  it('never keeps a secret: a webhook signing secret, a password, a beat address, a push address', async () => {
    const webhook = await as<{ webhook_id: number }>(acme.root, 'POST', '/api/webhooks', {
      webhook_url: 'http://127.0.0.1:9/in/path-secret-abc?key=query-secret-def',
      signing_secret: WEBHOOK_SECRET,
      webhook_desc: 'Status page',
      changes: ['created'],
    });
    expect(webhook.status, webhook.text).toBe(200);
    const user = await as<{ id: number }>(acme.root, 'POST', '/api/user/clients/not_root', {
      name: 'Trail',
      last_name: 'Person',
      email: 'trail.person@example.test',
      password: 'Secret.Pass99',
      confirm_password: 'Secret.Pass99',
      rol_id: 5,
      phone: '+17875550199',
    });
    expect(user.status, user.text).toBe(200);
    const beat = await as<{ heartbeat_id: number; beat_url: string }>(acme.root, 'POST', '/api/heartbeats', {
      module_id: acme.module.id,
      heartbeat_name: 'Backups',
      interval_seconds: 3600,
      grace_seconds: 300,
      heartbeat_active: 'Y',
    });
    expect(beat.status, beat.text).toBe(200);
    const rows = JSON.stringify(await stored());
    for (const secret of [WEBHOOK_SECRET, 'path-secret-abc', 'query-secret-def', 'Secret.Pass99', '5550199'])
      expect(rows).not.toContain(secret);
    expect(rows).not.toContain(beat.body.beat_url.split('/').pop()!);
    expect(rows).not.toMatch(/password_hash|\$argon2|\$2[aby]\$/);
    const made = (await trail(acme.root, '?entity=user&action=create')).list[0]!;
    expect(made.after).toMatchObject({ email: 'trail.person@example.test', phone: 'set' });
    // the webhook by its host only, and no secret field at all
    const hook = (await trail(acme.root, '?entity=webhook&action=create')).list[0]!;
    expect(hook.after).toMatchObject({ webhook_url: '127.0.0.1:9', webhook_desc: 'Status page' });
    expect(Object.keys(hook.after!).filter((key) => /secret/.test(key))).toEqual([]);
  });

  it('downloads the same rows as a CSV file, newest first, for the caller reach only', async () => {
    const list = await trail(acme.root, `?page_size=${MAX_PAGE_SIZE}`);
    const file = await as(acme.root, 'GET', '/api/audit/export?time_zone=UTC');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="AuditTrail-20260610.csv"');
    expect(file.headers.get('cache-control')).toBe('no-store');
    const lines = file.text.split('\r\n').filter(Boolean);
    // (the byte order mark is read away with the text)
    expect(lines[0]).toBe(AUDIT_CSV_HEADERS.join(','));
    expect(lines).toHaveLength(list.total + 1);
    expect(lines[1]).toContain(list.list[0]!.action);
    expect(file.text).not.toContain('Other');
    const some = await as(acme.root, 'GET', '/api/audit/export?entity=sla&action=delete');
    expect(some.text.split('\r\n').filter(Boolean)).toHaveLength(
      (await trail(acme.root, '?entity=sla&action=delete')).total + 1,
    );
    const staffFile = await as(staffRoot, 'GET', '/api/audit/export');
    expect(staffFile.text).toContain('Other');
    expect((await as(acme.root, 'GET', '/api/audit/export?from=bad')).status).toBe(422);
  });
});
