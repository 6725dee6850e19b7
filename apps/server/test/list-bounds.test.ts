import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { ENDPOINTS, type AnyEndpoint } from '@relevo/api';
import { MAX_PAGE_SIZE, PAGE_MESSAGES } from '@relevo/domain';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';

/** The fields of a query schema, through the checks piped after its object. */
function queryFields(schema: v.GenericSchema | undefined): Record<string, unknown> {
  if (!schema) return {};
  if ('entries' in schema) return schema.entries as Record<string, unknown>;
  if ('pipe' in schema) return queryFields((schema.pipe as v.GenericSchema[])[0]);
  return {};
}

/** Every JSON list of the contract: the endpoints that take a page size. */
const LISTS = ENDPOINTS.filter((endpoint) => 'page_size' in queryFields(endpoint.query));

describe.each(DATABASE_KINDS)('every JSON list holds at most 1,000 rows a page on %s', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let root: SignedIn;
  let module: RunnableModule;
  let eventId: number;

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const acme = await t.createCustomer('Acme');
    const sign = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    staff = await sign('StaffRoot');
    root = await sign('CustomerRoot', 'Acme');
    module = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    eventId = (
      await asSystem(t, (tx) =>
        tx
          .insertInto('events')
          .values({
            customer_id: acme,
            case_id: 'B0UND5XX',
            module_id: module.id,
            event_status: 'open',
            short_event_subject: 'Disk almost full',
            short_event_body: 'Written by the list bounds test',
            event_createdt: t.clock.now(),
          })
          .returning('event_id')
          .executeTakeFirstOrThrow(),
      )
    ).event_id;
  }, 60_000);
  afterAll(async () => t?.close());

  /** The staff lists are read by staff, the rest by a customer's root. */
  const callerOf = (endpoint: AnyEndpoint) =>
    endpoint.permissions.some(
      (p) => p.startsWith('customers.') || p.startsWith('staffUsers.') || p.startsWith('customerUsers.'),
    )
      ? staff
      : root;
  const call = (endpoint: AnyEndpoint, pageSize: string) => {
    const path = endpoint.path.replace(':id', String(eventId));
    const needs =
      endpoint.name === 'listModules'
        ? `&application_id=${module.applicationId}`
        : endpoint.name === 'listSteps'
          ? `&escalation_id=${module.escalationId}`
          : '';
    return t.raw(endpoint.method, `${path}?page_size=${pageSize}${needs}`, {
      headers: { authorization: `Bearer ${callerOf(endpoint).token}` },
    });
  };

  it('knows every list of the contract', () => {
    expect(LISTS.map((endpoint) => endpoint.name).sort()).toEqual(
      [
        'customerUsers.list',
        'listApplications',
        'listAudit',
        'listCustomers',
        'listEscalations',
        'listEventLog',
        'listEvents',
        'listMaintenanceWindows',
        'listModules',
        'listResources',
        'listSchedules',
        'listSlas',
        'listSteps',
        'ownUsers.list',
        'staffUsers.list',
      ].sort(),
    );
  });

  it.each(LISTS.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s answers a page of 1,000 and refuses 1,001 and 1,000,000 with 422 on page_size',
    async (_name, endpoint) => {
      const full = await call(endpoint, String(MAX_PAGE_SIZE));
      expect(full.status).toBe(200);
      expect(full.body).toMatchObject({ total: expect.any(Number), list: expect.any(Array) });
      const msg = endpoint.name === 'listEvents' ? PAGE_MESSAGES.eventPageSizeTooLarge : PAGE_MESSAGES.pageSizeTooLarge;
      for (const size of ['1001', '1000000']) {
        const refused = await call(endpoint, size);
        expect({ size, status: refused.status, body: refused.body }).toEqual({
          size,
          status: 422,
          body: { detail: [{ loc: ['query', 'page_size'], msg }] },
        });
      }
    },
  );
});
