import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredential, generateCredential, moduleExamples } from '@relevo/api';
import { AUTH_MESSAGES, CREDENTIAL_MESSAGES, EXAMPLE_LANGUAGES, MODULE_MESSAGES } from '@relevo/domain';
import { insertRunnableModule } from './support/catalogue';
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
      const application = await tx
        .insertInto('applications')
        .values({ customer_id: customerId, application_name: 'Store' })
        .returning('application_id')
        .executeTakeFirstOrThrow();
      const module = await tx
        .insertInto('modules')
        .values({ customer_id: customerId, application_id: application.application_id, module_name: 'Checkout' })
        .returning('module_id')
        .executeTakeFirstOrThrow();
      return { applicationId: application.application_id, moduleId: module.module_id };
    });
  const storedHash = (moduleId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('modules')
        .select(['credential_hash', 'credential_createdt'])
        .where('module_id', '=', moduleId)
        .executeTakeFirstOrThrow(),
    );

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
    const [first] = await root.client.call(generateCredential, {
      params: { module: acme.moduleId, application: acme.applicationId },
    });
    expect(first).toMatchObject({
      status: '200',
      message: CREDENTIAL_MESSAGES.created,
      body: { module_id: acme.moduleId },
    });
    expect(first.body.credentialKey).toMatch(/^[0-9a-f]{32}$/);
    const stored = await storedHash(acme.moduleId);
    expect(stored.credential_hash).toBe(sha256(first.body.credentialKey));
    expect(stored.credential_createdt).not.toBeNull();

    const [second] = await root.client.call(generateCredential, {
      params: { module: acme.moduleId, application: acme.applicationId },
    });
    expect(second.body.credentialKey).not.toBe(first.body.credentialKey);
    expect((await storedHash(acme.moduleId)).credential_hash).toBe(sha256(second.body.credentialKey));

    const audit = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('entity', '=', 'module')
        .where('entity_id', '=', String(acme.moduleId))
        .execute(),
    );
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
      expect({ params, status: refused.status, message: refused.message }).toEqual({
        params,
        status: 404,
        message: MODULE_MESSAGES.notFound,
      });
    }
    expect(await storedHash(other.moduleId)).toEqual(before);
    const examples = await failure(root.client.call(moduleExamples, { params: { id: other.moduleId } }));
    expect(examples.status).toBe(404);
  });

  it('refuses bad ids with 422 naming the path parameter', async () => {
    const bad = await t.raw('GET', `/api/events/module/credential/abc/${acme.applicationId}`, {
      headers: { authorization: `Bearer ${root.token}` },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ detail: [{ loc: ['path', 'module'], msg: 'Must be a valid id' }] });
  });

  it('lets a Customer read the examples but not make a key; staff reach neither', async () => {
    const before = await storedHash(acme.moduleId);
    const refused = await failure(
      reader.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } }),
    );
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 403,
      message: AUTH_MESSAGES.forbidden,
    });
    expect(await storedHash(acme.moduleId)).toEqual(before);
    const [answer] = await reader.client.call(moduleExamples, { params: { id: acme.moduleId } });
    expect(Object.keys(answer.Body)).toEqual([...EXAMPLE_LANGUAGES]);
    expect(answer.Body.curl.blockProgrammingCode).toContain('http://127.0.0.1:3000/api/v1/incidents');
    expect(answer.Body.curl.blockProgrammingCode).toContain(`-u "${acme.moduleId}:$RELEVO_KEY"`);
    expect((await failure(staff.client.call(moduleExamples, { params: { id: acme.moduleId } }))).status).toBe(403);
    expect(
      (
        await failure(
          staff.client.call(generateCredential, { params: { module: acme.moduleId, application: acme.applicationId } }),
        )
      ).status,
    ).toBe(403);
  });

  it('answers no-store, so the key is kept by no cache', async () => {
    const answer = await t.raw('GET', `/api/events/module/credential/${acme.moduleId}/${acme.applicationId}`, {
      headers: { authorization: `Bearer ${root.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  describe('a new key is never made by another site', () => {
    const APP_ORIGIN = 'http://127.0.0.1:3000';
    let runnable: { id: number; applicationId: number };
    let oldKey: string;
    const credentialPath = () => `/api/events/module/credential/${runnable.id}/${runnable.applicationId}`;
    /** the browser's session cookie of the Customer Root, as a page of any site would make the browser send it */
    const withCookie = (headers: Record<string, string>) => ({
      headers: { cookie: `relevo_token=${root.token}`, ...headers },
    });
    let reported = 0;
    const ingest = (key: string) =>
      t.raw('POST', '/api/v1/incidents', {
        body: { incident: `Disk almost full on db-${++reported}`, description: 'Raised by the credential test' },
        headers: { authorization: `Basic ${Buffer.from(`${runnable.id}:${key}`).toString('base64')}` },
      });

    beforeAll(async () => {
      const acmeId = await asSystem(t, (tx) =>
        tx.selectFrom('customers').select('customer_id').where('customer_name', '=', 'Acme').executeTakeFirstOrThrow(),
      );
      runnable = await asSystem(t, (tx) => insertRunnableModule(tx, acmeId.customer_id));
      const [made] = await root.client.call(createCredential, {
        params: { module: runnable.id, application: runnable.applicationId },
      });
      oldKey = made.body.credentialKey;
    });

    it('refuses the GET from another site (a link, an image) with 403 and the old key still reports incidents', async () => {
      const before = await storedHash(runnable.id);
      for (const site of ['cross-site', 'same-site', 'none']) {
        const refused = await t.raw(
          'GET',
          credentialPath(),
          withCookie({ 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }),
        );
        expect({ site, status: refused.status, body: refused.body }).toEqual({
          site,
          status: 403,
          body: { detail: CREDENTIAL_MESSAGES.crossSite },
        });
      }
      expect(await storedHash(runnable.id)).toEqual(before);
      expect((await ingest(oldKey)).status).toBe(201);
    });

    it('keeps the GET for the app itself and for clients that are no browser', async () => {
      const sameOrigin = await t.raw<[{ body: { credentialKey: string } }]>(
        'GET',
        credentialPath(),
        withCookie({ 'sec-fetch-site': 'same-origin' }),
      );
      expect(sameOrigin.status).toBe(200);
      const script = await t.raw<[{ body: { credentialKey: string } }]>('GET', credentialPath(), {
        headers: { authorization: `Bearer ${root.token}` },
      });
      expect(script.status).toBe(200);
      oldKey = script.body[0].body.credentialKey;
      expect((await storedHash(runnable.id)).credential_hash).toBe(sha256(oldKey));
    });

    it("makes a new key by POST from the app's origin, and refuses the POST of another origin", async () => {
      const foreign = await t.raw(
        'POST',
        credentialPath(),
        withCookie({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      );
      expect({ status: foreign.status, body: foreign.body }).toEqual({
        status: 403,
        body: { detail: 'Cross-site request refused' },
      });
      expect((await storedHash(runnable.id)).credential_hash).toBe(sha256(oldKey));

      const made = await t.raw<
        [{ status: string; message: string; body: { credentialKey: string; module_id: number } }]
      >('POST', credentialPath(), withCookie({ origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' }));
      expect(made.status).toBe(200);
      expect(made.headers.get('cache-control')).toBe('no-store');
      expect(made.body[0]).toMatchObject({
        status: '200',
        message: CREDENTIAL_MESSAGES.created,
        body: { module_id: runnable.id },
      });
      const newKey = made.body[0].body.credentialKey;
      expect((await storedHash(runnable.id)).credential_hash).toBe(sha256(newKey));
      expect((await ingest(oldKey)).status).toBe(401);
      expect((await ingest(newKey)).status).toBe(201);
    });
  });
});
