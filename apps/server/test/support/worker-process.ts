import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { SERVER_DIR } from './bundle';

export const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** Waits until `check` answers true, or fails naming `what`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

/**
 * A worker process (a bundled test entry) run by node itself, so its pid is the worker's; it prints
 * "ready" once it works (the server's main prints "…, ready in N ms": pass `SERVER_READY`).
 */
export class WorkerProcess {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(bundle: string, env: Record<string, string>) {
    this.child = spawn(process.execPath, [bundle], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.exited = new Promise((resolveExit) => this.child.on('exit', (code, signal) => resolveExit({ code, signal })));
  }

  static async start(
    bundle: string,
    env: Record<string, string>,
    readyLine = 'ready\n',
    timeoutMs = 20_000,
  ): Promise<WorkerProcess> {
    const worker = new WorkerProcess(bundle, env);
    const deadline = Date.now() + timeoutMs;
    while (!worker.output.includes(readyLine)) {
      if (worker.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`worker did not start:\n${worker.output}`);
      await sleep(25);
    }
    return worker;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Lines of its JSON log with this message prefix. */
  logged(prefix: string): number {
    return this.lines(prefix).length;
  }

  /** Its JSON log lines with this message prefix. */
  lines(prefix: string): Record<string, unknown>[] {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string })
      .filter((line) => line.msg.startsWith(prefix));
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}

/** What the server's main prints once it serves or works (`Relevo 1.4.4 (api) on PostgreSQL, ready in 812 ms`). */
export const SERVER_READY = ', ready in ';

/** A TCP port free at this moment on 127.0.0.1 (for a server process that needs its PORT before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  return port;
}

/**
 * Every contact as its own message: many events calling one person within seconds would be bundled
 * by throttling (one message per person per minute, throttle.test.ts); the process tests follow
 * each contact's own delivery.
 */
export const UNTHROTTLED = { CONTACT_WINDOW_SECONDS: '0', CUSTOMER_MESSAGES_PER_MINUTE: '100000' };
