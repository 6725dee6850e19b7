import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@relevo/domain';
import { ConfigError, checkDelivery, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { startRelevo } from './server';
import { demoSignInText, loadDemoData, isEmpty } from './demo';
import { CommandError } from './admin';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDist: resolve(here, '../../web/dist') });
    checkDelivery(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  const started = Date.now();
  let demoLoaded = false;
  let demoInUse = false;
  const running = await startRelevo({
    config,
    log,
    async beforeListen(ctx) {
      if (config.demoData) {
        demoInUse = true;
        // docs/product.md#demo-data: the workspace and its last days of incidents, before the workers start
        if (await isEmpty(ctx.database))
          demoLoaded = await loadDemoData(
            ctx.database,
            ctx.clock,
            config.demoHistoryDays > 0 ? { ctx, days: config.demoHistoryDays } : undefined,
          );
      }
    },
  });

  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${resolve(config.dataDir)}`;
  const lines = [`Relevo ${APP_VERSION} (${config.role}) on ${where}, ready in ${Date.now() - started} ms`];
  if (running.url) lines.push(`Open ${config.publicUrl}`);
  if (demoLoaded)
    lines.push(
      config.demoHistoryDays > 0
        ? `Demo data loaded, with ${config.demoHistoryDays} day${config.demoHistoryDays === 1 ? '' : 's'} of incidents.`
        : 'Demo data loaded.',
      demoSignInText(config.publicUrl, !!config.smtpUrl),
    );
  else if (demoInUse && running.url)
    lines.push(
      'Demo sign-in: see README.md ("Demo sign-in"); the 6-digit code is printed in this log while SMTP_URL is unset.',
    );
  console.log(lines.join('\n'));
  // the name this process's claims carry in the job tables (`locked_by`)
  log.info({ role: config.role, instance: config.instanceId, pid: process.pid }, 'started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const since = Date.now();
    await running.close().catch((error) => log.error({ error: String(error) }, 'stop failed'));
    log.info({ signal, ms: Date.now() - since }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  const message = error instanceof CommandError || error instanceof Error ? error.message : String(error);
  console.error(`Relevo could not start: ${message}`);
  process.exit(1);
});
