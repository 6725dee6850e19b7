import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SYSTEM } from '../src/db/database';
import { MIGRATIONS } from '../src/db/migrate';
import { bundleCli, runCli } from './support/cli';

let cliPath = '';
beforeAll(async () => {
  cliPath = await bundleCli();
});

const cli = (dataDir: string, ...args: string[]) => runCli(cliPath, { DATA_DIR: dataDir, DATABASE_URL: '' }, ...args);
/** `create-user` with a user's role, e-mail, password, name and last name, in that order, then the `more` options. */
const createUser = (
  dataDir: string,
  user: { role: string; email: string; password: string; name: string; lastName: string },
  ...more: string[]
) => {
  const options = {
    role: user.role,
    email: user.email,
    password: user.password,
    name: user.name,
    'last-name': user.lastName,
  };
  return cli(
    dataDir,
    'create-user',
    ...Object.entries(options).flatMap(([option, value]) => [`--${option}`, value]),
    ...more,
  );
};

describe('command line (docs/product.md#processes-storage-and-configuration)', () => {
  it('migrates, creates customers and users, loads demo data, and refuses bad input with exit code 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relevo-cli-'));
    try {
      expect(cli(dataDir, 'migrate')).toMatchObject({
        code: 0,
        out: `Applied: ${Object.keys(MIGRATIONS).join(', ')}\n`,
      });
      expect(cli(dataDir, 'migrate')).toMatchObject({ code: 0, out: 'The database is up to date.\n' });

      expect(cli(dataDir, 'create-customer', '--name', 'Acme', '--qty-resources', '25')).toMatchObject({ code: 0 });
      const dup = cli(dataDir, 'create-customer', '--name', 'ACME');
      expect(dup.code).toBe(1);
      expect(dup.err).toBe('A customer named "ACME" already exists\n');
      expect(cli(dataDir, 'create-customer', '--name', 'X', '--qty-resources', 'many')).toMatchObject({
        code: 1,
        err: expect.stringContaining('customer_qty_resources'),
      });
      expect(cli(dataDir, 'create-customer')).toMatchObject({
        code: 1,
        err: 'customer_name: Customer name is required\n',
      });
      // the zone a customer's dashboard counts its days in
      expect(
        cli(dataDir, 'create-customer', '--name', 'Island Co', '--time-zone', 'America/Puerto_Rico'),
      ).toMatchObject({ code: 0 });
      expect(cli(dataDir, 'create-customer', '--name', 'Nowhere', '--time-zone', 'Mars/Base')).toMatchObject({
        code: 1,
        err: '--time-zone: Must be a time zone such as America/Puerto_Rico or UTC\n',
      });
      expect(cli(dataDir, 'set-time-zone', '--customer', 'acme', '--time-zone', 'Asia/Kathmandu')).toMatchObject({
        code: 0,
        out: expect.stringContaining('Asia/Kathmandu'),
      });
      expect(cli(dataDir, 'set-time-zone', '--customer', 'Nobody', '--time-zone', 'UTC')).toMatchObject({
        code: 1,
        err: 'No customer named "Nobody"\n',
      });

      const base = [
        'create-user',
        '--email',
        'ana@acme.test',
        '--password',
        'Strong.Pass1',
        '--name',
        'Ana',
        '--last-name',
        'Torres',
      ];
      expect(
        cli(dataDir, ...base, '--role', 'Customer', '--customer', 'acme', '--phone', '+1 787 555 0142'),
      ).toMatchObject({ code: 0 });
      expect(cli(dataDir, ...base, '--role', 'Customer', '--customer', 'Acme')).toMatchObject({
        code: 1,
        err: 'A user with the e-mail ana@acme.test already exists\n',
      });
      expect(
        createUser(dataDir, { role: 'Boss', email: 'b@acme.test', password: 'Strong.Pass1', name: 'B', lastName: 'C' }),
      ).toMatchObject({
        code: 1,
        err: 'role: must be StaffRoot, StaffEdit, StaffView, CustomerRoot or Customer\n',
      });
      expect(
        createUser(
          dataDir,
          { role: 'Customer', email: 'c@acme.test', password: 'weak', name: 'C', lastName: 'D' },
          '--customer',
          'Acme',
        ).err,
      ).toContain('password: Password must be at least 8 characters long');
      expect(
        createUser(dataDir, {
          role: 'Customer',
          email: 'd@acme.test',
          password: 'Strong.Pass1',
          name: 'D',
          lastName: 'E',
        }).err,
      ).toBe('--customer NAME is required for CustomerRoot and Customer\n');
      expect(
        createUser(
          dataDir,
          { role: 'StaffEdit', email: 'e@relevo.test', password: 'Strong.Pass1', name: 'E', lastName: 'F' },
          '--customer',
          'Acme',
        ).code,
      ).toBe(1);
      expect(cli(dataDir, 'frobnicate')).toMatchObject({
        code: 1,
        err: expect.stringContaining('Unknown command: frobnicate'),
      });
      expect(cli(dataDir, 'create-customer', '--nmae', 'x')).toMatchObject({
        code: 1,
        err: expect.stringContaining("Unknown option '--nmae'"),
      });
      expect(cli(dataDir, 'demo-data')).toMatchObject({
        code: 1,
        out: 'The database already has users; demo data not loaded.\n',
      });

      const database = await openDatabase({ url: null, dataDir });
      try {
        const users = await database.scoped(SYSTEM, (tx) =>
          tx
            .selectFrom('users as u')
            .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
            .select(['u.email', 'u.phone', 'u.rol_id', 'u.status', 'c.customer_name', 'c.customer_qty_resources'])
            .execute(),
        );
        expect(users).toEqual([
          {
            email: 'ana@acme.test',
            phone: '+17875550142',
            rol_id: 5,
            status: 1,
            customer_name: 'Acme',
            customer_qty_resources: 25,
          },
        ]);
        const zones = await database.scoped(SYSTEM, (tx) =>
          tx
            .selectFrom('customers')
            .select(['customer_name', 'customer_time_zone'])
            .where('is_provider', '=', false)
            .orderBy('customer_id')
            .execute(),
        );
        expect(zones).toEqual([
          { customer_name: 'Acme', customer_time_zone: 'Asia/Kathmandu' },
          { customer_name: 'Island Co', customer_time_zone: 'America/Puerto_Rico' },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('loads the demo workspace into an empty database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relevo-cli-'));
    try {
      const result = cli(dataDir, 'demo-data');
      expect(result.code).toBe(0);
      expect(result.out).toContain('staff@relevo.demo');
      const database = await openDatabase({ url: null, dataDir });
      try {
        const users = await database.scoped(SYSTEM, (tx) =>
          tx
            .selectFrom('users as u')
            .innerJoin('customers as c', 'c.customer_id', 'u.customer_id')
            .select(['u.email', 'u.rol_id', 'u.status', 'c.customer_name', 'c.is_provider'])
            .orderBy('u.rol_id')
            .execute(),
        );
        // one StaffRoot of the provider, and a Customer Root and a Customer of the demo customer
        expect(users).toEqual([
          { email: 'staff@relevo.demo', rol_id: 1, status: 1, customer_name: 'Relevo', is_provider: true },
          { email: 'root@democompany.demo', rol_id: 4, status: 1, customer_name: 'Demo Company', is_provider: false },
          { email: 'user@democompany.demo', rol_id: 5, status: 1, customer_name: 'Demo Company', is_provider: false },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
