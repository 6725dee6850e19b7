import { removeDataDir, runningStack } from './global-setup';

/** Stops the server, the SMTP server and the SMS receiver, and removes the temporary database. */
export default async function globalTeardown(): Promise<void> {
  const stack = runningStack();
  if (!stack) return;
  const { server, inbox, dataDir } = stack;
  if (server.exitCode === null) {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const forced = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  }
  await inbox.close();
  if (!process.env.RELEVO_E2E_KEEP_DATA) removeDataDir(dataDir);
}
