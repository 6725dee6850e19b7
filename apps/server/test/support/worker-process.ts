import { spawn, type ChildProcess } from 'node:child_process';
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

/** A worker process (a bundled test entry) run by node itself, so its pid is the worker's; it prints "ready" once it works. */
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

  static async start(bundle: string, env: Record<string, string>): Promise<WorkerProcess> {
    const worker = new WorkerProcess(bundle, env);
    const deadline = Date.now() + 20_000;
    while (!worker.output.includes('ready\n')) {
      if (worker.child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${worker.output}`);
      await sleep(25);
    }
    return worker;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Lines of its JSON log with this message prefix. */
  logged(prefix: string): number {
    return this.output.split('\n').filter((line) => line.startsWith('{') && (JSON.parse(line) as { msg: string }).msg.startsWith(prefix)).length;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}
