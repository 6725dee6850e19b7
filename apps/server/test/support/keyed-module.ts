import { generateCredential, type ApiClient } from '@relevo/api';
import { insertRunnableModule, type RunnableModule } from './catalogue';
import { asSystem, type SignedIn, type TestApp } from './harness';

/** A module with the credential key the ingest API takes, generated through the API by `client` as a customer would. */
export async function withCredentialKey<M extends { id: number; applicationId: number }>(
  client: ApiClient,
  made: M,
): Promise<M & { key: string }> {
  const [credential] = await client.call(generateCredential, {
    params: { module: made.id, application: made.applicationId },
  });
  return { ...made, key: credential.body.credentialKey };
}

/** A new customer, its Customer Root signed in, and a module that accepts incidents (`insertRunnableModule`) with its key. */
export async function customerWithModule(
  t: TestApp,
  name: string,
): Promise<{ customerId: number; root: SignedIn; module: RunnableModule & { key: string } }> {
  const customerId = await t.createCustomer(name);
  const made = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
  const rootUser = await t.createUser({ role: 'CustomerRoot', customer: name });
  const root = await t.signIn(rootUser.email, rootUser.password);
  return { customerId, root, module: await withCredentialKey(root.client, made) };
}

/** Reports an incident to `module` through the ingest API, with its ID and key; answers the case and event it opened (201). */
export async function reportIncident(
  t: TestApp,
  module: { id: number; key: string },
  subject: string,
): Promise<{ case_id: string; event_id: number }> {
  const answer = await t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
    body: { incident: subject, description: `${subject}, reported by the test` },
    headers: { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` },
  });
  if (answer.status !== 201) throw new Error(`the incident was not opened: ${answer.status} ${answer.text}`);
  return answer.body;
}
