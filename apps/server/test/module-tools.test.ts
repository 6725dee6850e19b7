import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredential, moduleExamples } from '@relevo/api';
import { AUTH_MESSAGES, CREDENTIAL_MESSAGES, EXAMPLE_LANGUAGES, MODULE_MESSAGES } from '@relevo/domain';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(DATABASE_KINDS)('module tool set: credentials and examples on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let reader: SignedIn;
  let staff: SignedIn;
  let acme: { applicationId: number; moduleId: number };
  let other: { applicationId: number; moduleId: number };

  /** An application with one module of the customer, written as the owner (the module screens are tested elsewhere). */
  const moduleOf = (customerId: number) =>
    asSystem(t, async (tx) => {
      const application = await tx.insertInto('applications').values({ customer_id: customerId, application_name: 'Store' }).returning('application_id').executeTakeFirstOrThrow();
      const module = await tx
        .insertInto('modules')
        .values({ customer_id: customerId, application_id: application.application_id, module_name: 'Checkout' })
        .returning('module_id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.application_id, moduleId: module.module_id };
    });
  const storedHash = (moduleId: number) =>
    asSystem(t, (tx) => tx.selectFrom('modules').select(['credential_hash', 'credential_createdt']).where('module_id', '=', moduleId).executeTakeFirstOrThrow());

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const acmeId = await t.createCustomer('Acme');
    const otherId = await t.createCustomer('Other');
    acme = await moduleOf(acmeId);
    other = await moduleOf(otherId);
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    root = await t.signIn(rootUser.email, rootUser.password);
    const readerUser = await t.createUser({ role: 'Customer', customer: 'Acme' });
    reader = await t.signIn(readerUser.email, readerUser.password);
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    staff = await t.signIn(staffUser.email, staffUser.password);
  });
  afterAll(async () => t?.close());

  it('makes a 128-bit key shown once, keeps only its hash, and a new key replaces the old one', async () => {
    const [first] = await root.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } });
    expect(first).toMatchObject({ status: '200', message: CREDENTIAL_MESSAGES.created, body: { module_id: acme.moduleId } });
    expect(first.body.credentialKey).toMatch(/^[0-9a-f]{32}$/);
    const stored = await storedHash(acme.moduleId);
    expect(stored.credential_hash).toBe(sha256(first.body.credentialKey));
    expect(stored.credential_createdt).not.toBeNull();

    const [second] = await root.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } });
    expect(second.body.credentialKey).not.toBe(first.body.credentialKey);
    expect((await storedHash(acme.moduleId)).credential_hash).toBe(sha256(second.body.credentialKey));

    const audit = await asSystem(t, (tx) => tx.selectFrom('audit_log').select(['action', 'detail']).where('entity', '=', 'module').where('entity_id', '=', String(acme.moduleId)).execute());
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(first.body.credentialKey);
    expect(JSON.stringify(audit)).not.toContain(second.body.credentialKey);
  });

  it("answers 404 for another customer's module, a module of another application and an unknown one, and changes nothing", async () => {
    const before = await storedHash(other.moduleId);
    for (const params of [
      { module: other.moduleId, application: other.applicationId },
      { module: acme.moduleId, application: other.applicationId },
      { module: 999_999, application: acme.applicationId },
    ]) {
      const refused = await failure(root.client.call(generateCredential, { params }));
      expect({ params, status: refused.status, message: refused.message }).toEqual({ params, status: 404, message: MODULE_MESSAGES.notFound });
    }
    expect(await storedHash(other.moduleId)).toEqual(before);
    const examples = await failure(root.client.call(moduleExamples, { params: { id: other.moduleId } }));
    expect(examples.status).toBe(404);
  });

  it('refuses bad ids with 422 naming the path parameter', async () => {
    const bad = await t.raw('GET', `/api/events/module/credential/abc/${acme.applicationId}`, { headers: { authorization: `Bearer ${root.token}` } });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ detail: [{ loc: ['path', 'module'], msg: 'Must be a valid id' }] });
  });

  it('lets a Customer read the examples but not make a key; staff reach neither', async () => {
    const before = await storedHash(acme.moduleId);
    const refused = await failure(reader.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } }));
    expect({ status: refused.status, message: refused.message }).toEqual({ status: 403, message: AUTH_MESSAGES.forbidden });
    expect(await storedHash(acme.moduleId)).toEqual(before);
    const [answer] = await reader.client.call(moduleExamples, { params: { id: acme.moduleId } });
    expect(Object.keys(answer.Body)).toEqual([...EXAMPLE_LANGUAGES]);
    expect(answer.Body.curl.blockProgrammingCode).toContain('http://127.0.0.1:3000/api/v1/incidents');
    expect(answer.Body.curl.blockProgrammingCode).toContain(`-u "${acme.moduleId}:$RELEVO_KEY"`);
    expect((await failure(staff.client.call(moduleExamples, { params: { id: acme.moduleId } }))).status).toBe(403);
    expect((await failure(staff.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } }))).status).toBe(403);
  });

  it('answers no-store, so the key is kept by no cache', async () => {
    const answer = await t.raw('GET', `/api/events/module/credential/${acme.moduleId}/${acme.applicationId}`, { headers: { authorization: `Bearer ${root.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
