import { createApiClient, login, verifyCode, type ApiClient } from '@relevo/api';
import { LOGIN_CODE_SUBJECT } from '../../src/delivery/templates';
import { codeIn, type Mailbox } from './mailbox';

/**
 * Signs in on a server process at `baseUrl` (its sign-in codes go to `mailbox`): e-mail and
 * password, then the code of the mail that arrives. Answers the session token and a client that
 * sends it.
 */
export async function signInAt(
  baseUrl: string,
  mailbox: Mailbox,
  email: string,
  password: string,
): Promise<{ token: string; client: ApiClient }> {
  const before = mailbox.to(email, LOGIN_CODE_SUBJECT).length;
  const first = await createApiClient({ baseURL: baseUrl }).call(login, { body: { email, password } });
  const mail = await mailbox.waitFor(email, before + 1, 15_000, LOGIN_CODE_SUBJECT);
  const answer = await createApiClient({
    baseURL: baseUrl,
    headers: { authorization: `Bearer ${first.access_token}` },
  }).call(verifyCode, { body: { code: codeIn(mail.text) } });
  return {
    token: answer.access_token,
    client: createApiClient({ baseURL: baseUrl, headers: { authorization: `Bearer ${answer.access_token}` } }),
  };
}
