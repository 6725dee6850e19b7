import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_MESSAGES } from '@relevo/domain';
import { openDatabase, SYSTEM } from '../src/db/database';
import { bundleCli, runCli } from './support/cli';

let cliPath = '';
beforeAll(async () => {
  cliPath = await bundleCli('import-cli');
}, 120_000);

const SAMPLE = join(__dirname, 'fixtures', 'imports', 'pagerduty.json');

describe('npm run cli -- import (docs/product.md#importers)', () => {
  it('dry-runs, imports, changes nothing the second time, and refuses bad input with exit code 1 and nothing written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relevo-import-cli-'));
    const cli = (...args: string[]) => runCli(cliPath, { DATA_DIR: dataDir, DATABASE_URL: '' }, ...args);
    const rows = async () => {
      const database = await openDatabase({ url: null, dataDir });
      try {
        return await database.scoped(SYSTEM, async (tx) => ({
          resources: (await tx.selectFrom('resources').select('resource_id').execute()).length,
          escalations: (await tx.selectFrom('escalations').select('escalation_id').execute()).length,
          imported: (await tx.selectFrom('imported_records').select('record_id').execute()).length,
        }));
      } finally {
        await database.close();
      }
    };
    try {
      expect(cli('create-customer', '--name', 'Acme')).toMatchObject({ code: 0 });

      const dry = cli('import', '--from', 'pagerduty', SAMPLE, '--customer', 'Acme', '--dry-run');
      expect(dry).toMatchObject({ code: 0, err: '' });
      expect(dry.out).toContain(IMPORT_MESSAGES.dryRunDone);
      expect(dry.out).toMatch(/Resources +to create 3, unchanged 0/);
      expect(dry.out).toContain('User Bruno Costa: phone London office: This country is not supported');
      // modules need an SLA of the customer: Acme has none
      expect(dry.out).toContain(`Module Checkout API: ${IMPORT_MESSAGES.noSla}`);
      expect(await rows()).toEqual({ resources: 0, escalations: 0, imported: 0 });

      const done = cli('import', '--from', 'pagerduty', SAMPLE, '--customer', 'acme');
      expect(done).toMatchObject({ code: 0, err: '' });
      expect(done.out).toMatch(/Resources +created 3, unchanged 0/);
      expect(done.out).toMatch(/Escalation steps +created 2, unchanged 0/);
      const after = await rows();
      expect(after).toMatchObject({ resources: 3, escalations: 1 });

      const again = cli('import', '--from', 'pagerduty', SAMPLE, '--customer', 'Acme');
      expect(again.code).toBe(0);
      expect(again.out).toMatch(/Resources +created 0, unchanged 3/);
      expect(again.out).toMatch(/Schedules +created 0, unchanged 1/);
      expect(await rows()).toEqual(after);

      const broken = join(dataDir, 'broken.json');
      writeFileSync(broken, '{"users": [{"id": "P1"');
      const malformed = cli('import', '--from', 'pagerduty', broken, '--customer', 'Acme');
      expect(malformed.code).toBe(1);
      expect(malformed.err).toMatch(/^The file is not JSON/);
      writeFileSync(broken, JSON.stringify({ users: [{ id: 'P9', name: 42 }] }));
      expect(cli('import', '--from', 'pagerduty', broken, '--customer', 'Acme')).toMatchObject({
        code: 1,
        err: expect.stringMatching(/^The file is not a PagerDuty export: users\[0\]\.name: /),
      });
      expect(cli('import', '--from', 'pagerduty', SAMPLE, '--customer', 'Nobody')).toMatchObject({
        code: 1,
        err: 'No customer named "Nobody"\n',
      });
      expect(cli('import', '--from', 'victorops', SAMPLE, '--customer', 'Acme')).toMatchObject({
        code: 1,
        err: `${IMPORT_MESSAGES.sourceRequired}\n`,
      });
      expect(cli('import', '--from', 'pagerduty', join(dataDir, 'missing.json'), '--customer', 'Acme')).toMatchObject({
        code: 1,
        err: expect.stringContaining('ENOENT'),
      });
      expect(await rows()).toEqual(after);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
