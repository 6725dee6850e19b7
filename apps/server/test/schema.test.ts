import { readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import ts from 'typescript';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { MIGRATIONS } from '../src/db/migrate';
import { DATABASE_KINDS } from './support/databases';
import { migratedDatabase, type MigratedDatabase } from './support/migrated';

const DB_DIR = join(import.meta.dirname, '../src/db');

/**
 * Landed migrations are frozen: their SQL never changes (a database that applied one never
 * applies it again). The SHA-256 of each migration's statements, joined by newlines. A new
 * migration adds its line here when it lands.
 */
const LANDED: Record<string, string> = {
  '0001_foundation': '88f62e995620',
  '0002_people_search': '02d953f61949',
  '0003_people_search_text': '1aae47722bda',
  '0004_job_layer': '90f9e8c0d5a6',
  '0005_least_privilege': '66ce3370a0e2',
  '0006_catalogue': '17e010e07574',
  '0007_module_credentials': 'a5275c391162',
  '0008_incidents': '2f6462596994',
  '0009_inbound': 'ee2ee732e127',
  '0010_event_audio': '7995dcde715e',
  '0011_throttle': 'b00615db6511',
  '0012_dashboard': '974c163b00dc',
  '0013_event_following': '0a748dd6d6db',
  '0014_event_orders': 'b27f0035be23',
  '0015_event_search': '4cb456508403',
  '0016_event_count_changes': 'd38d6cbecb54',
  '0017_event_subject_counts': '5b89aab5f447',
  '0018_subject_search_and_vacuum': '2416200f2ce3',
  '0019_sms_reset_phone': '78b9b3d158c2',
  '0020_delivery_providers': '7f0a0f19537d',
  '0021_event_actions': '12fb26309daa',
  '0022_team_chat': '901df90220d8',
  '0023_push': '9c8269ba73fe',
  '0024_chat_steps': 'ad5f61d8c7f3',
  '0025_schedules': 'dfa1c88bec3c',
  '0026_maintenance_windows': '910c2f724b41',
  '0027_heartbeats': 'd281916d6d1d',
  '0028_inbound_email': 'bcb5a47315c6',
  '0029_webhooks': '577f4ed9e6e1',
  '0030_api_tokens': '75cda0faca2d',
  '0031_audit_trail': '7b4a855e6c46',
  '0032_single_sign_on': 'eac4c9633a47',
  '0033_imports': '4e5283affee9',
  '0034_user_language': 'b459e2c06c05',
};

const digest = (statements: string[]) => createHash('sha256').update(statements.join('\n')).digest('hex').slice(0, 12);

describe('migrations are frozen text', () => {
  it('imports nothing into a migration but the Migration type', () => {
    const dir = join(DB_DIR, 'migrations');
    const files = readdirSync(dir).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBe(Object.keys(MIGRATIONS).length);
    for (const file of files) {
      const imports = readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(import|export .* from)/.test(line));
      expect({ file, imports }).toEqual({ file, imports: ["import type { Migration } from '../migration';"] });
    }
  });

  it('keeps the SQL of every landed migration as it landed', () => {
    const now = Object.fromEntries(Object.entries(MIGRATIONS).map(([name, migration]) => [name, digest(migration.up)]));
    expect(now).toEqual(LANDED);
  });
});

/** A column as schema.ts declares it for Kysely. */
interface Declared {
  family: 'number' | 'string' | 'boolean' | 'date' | 'json' | 'bytes';
  nullable: boolean;
}

/**
 * Reads apps/server/src/db/schema.ts with the TypeScript compiler: the `DB` interface maps table
 * names to row interfaces; each property's select type gives the column's family and nullability.
 */
function declaredSchema(): Record<string, Record<string, Declared>> {
  const file = ts.createSourceFile(
    'schema.ts',
    readFileSync(join(DB_DIR, 'schema.ts'), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });
  /** The select type of a column type: ColumnType<S, I, U> → S, Generated<T> → T, aliases followed. */
  const selectType = (node: ts.TypeNode): ts.TypeNode => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      if ((name === 'ColumnType' || name === 'Generated') && node.typeArguments?.[0])
        return selectType(node.typeArguments[0]);
      const alias = aliases.get(name);
      if (alias) return selectType(alias);
    }
    return node;
  };
  const members = (node: ts.TypeNode): ts.TypeNode[] =>
    ts.isUnionTypeNode(node) ? node.types.flatMap((t) => members(selectType(t))) : [node];
  const describe = (node: ts.TypeNode): Declared => {
    const parts = members(selectType(node));
    const nullable = parts.some(
      (part) =>
        part.kind === ts.SyntaxKind.LiteralType &&
        (part as ts.LiteralTypeNode).literal.kind === ts.SyntaxKind.NullKeyword,
    );
    const rest = parts.filter(
      (part) =>
        !(
          part.kind === ts.SyntaxKind.LiteralType &&
          (part as ts.LiteralTypeNode).literal.kind === ts.SyntaxKind.NullKeyword
        ),
    );
    const families = new Set(
      rest.map((part): Declared['family'] => {
        if (part.kind === ts.SyntaxKind.NumberKeyword) return 'number';
        if (part.kind === ts.SyntaxKind.StringKeyword) return 'string';
        if (part.kind === ts.SyntaxKind.BooleanKeyword) return 'boolean';
        if (ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal)) return 'string';
        if (ts.isTypeReferenceNode(part) && part.typeName.getText(file) === 'Date') return 'date';
        if (ts.isTypeReferenceNode(part) && part.typeName.getText(file) === 'Uint8Array') return 'bytes';
        if (part.kind === ts.SyntaxKind.UnknownKeyword || ts.isTypeLiteralNode(part)) return 'json';
        if (ts.isTypeReferenceNode(part) && part.typeName.getText(file) === 'Record') return 'json';
        if (ts.isArrayTypeNode(part)) return 'json';
        // a text column typed by the domain's union of its values
        if (ts.isTypeReferenceNode(part) && DOMAIN_TEXT_UNIONS.has(part.typeName.getText(file))) return 'string';
        // a jsonb document typed by its shape (schema.ts's Stored* interfaces)
        if (ts.isTypeReferenceNode(part) && /^Stored[A-Z]\w*$/.test(part.typeName.getText(file))) return 'json';
        throw new Error(`schema.ts: cannot read the type ${part.getText(file)}`);
      }),
    );
    if (families.size !== 1) throw new Error(`schema.ts: a column of several kinds: ${node.getText(file)}`);
    return { family: [...families][0]!, nullable };
  };
  const tables: Record<string, Record<string, Declared>> = {};
  for (const member of interfaces.get('DB')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = member.name.getText(file);
    const row = interfaces.get(member.type.typeName.getText(file));
    if (!row) throw new Error(`schema.ts: no interface for ${table}`);
    tables[table] = Object.fromEntries(
      row.members
        .filter(ts.isPropertySignature)
        .map((property) => [property.name.getText(file), describe(property.type!)]),
    );
  }
  return tables;
}

const FAMILIES: Record<string, Declared['family']> = {
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  numeric: 'number',
  text: 'string',
  uuid: 'string',
  character: 'string',
  'character varying': 'string',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  date: 'date',
  jsonb: 'json',
  bytea: 'bytes',
};

/** The domain's unions of text values schema.ts types its text columns with (each a union of string literals). */
const DOMAIN_TEXT_UNIONS = new Set(['AuditAction']);

describe.each(DATABASE_KINDS)('schema.ts against the migrated database on %s', (kind) => {
  let fresh: MigratedDatabase;
  let database: Database;
  beforeAll(async () => {
    fresh = await migratedDatabase(kind);
    database = fresh.database;
  });
  afterAll(() => fresh?.close());

  it('declares every table and column of the database with its type and nullability', async () => {
    const columns = await database.asOwner((tx) =>
      sql<{ table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }>`
        select c.table_name, c.column_name, c.data_type, c.is_nullable
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' and c.table_name not like 'kysely_%'
        order by c.table_name, c.ordinal_position`.execute(tx),
    );
    const actual: Record<string, Record<string, Declared>> = {};
    for (const column of columns.rows) {
      const family = FAMILIES[column.data_type];
      if (!family)
        throw new Error(`no TypeScript family for ${column.data_type} (${column.table_name}.${column.column_name})`);
      (actual[column.table_name] ??= {})[column.column_name] = { family, nullable: column.is_nullable === 'YES' };
    }
    expect(declaredSchema()).toEqual(actual);
  });
});
