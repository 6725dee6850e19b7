import { spawnSync } from 'node:child_process';
import { bundleForTest } from './bundle';

/**
 * The CLI bundled once per test file (`name`: each file its own copy, as `bundleServerMain`): each
 * command then costs a start of node, not a compile.
 */
export const bundleCli = (name = 'cli') => bundleForTest('src/cli.ts', name);

/** Runs one command of the bundled CLI with this environment (LOG_LEVEL silent); answers its exit code and output. */
export function runCli(cliPath: string, env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
