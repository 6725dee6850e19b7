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
