import { readFileSync, statSync } from 'node:fs';
import {
  IMPORT_KINDS,
  IMPORT_KIND_LABELS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  isImportSource,
  type ImportReport,
} from '@relevo/domain';
import type { AppContext } from '../context';
import { SYSTEM } from '../db/database';
import { HttpError } from '../http/errors';
import { findCustomerByName } from '../people/queries';
import { ImportFileError, importService } from './service';

/** The report as the terminal shows it: a line per kind, then what could not be mapped. */
export function reportText(report: ImportReport): string {
  const lines: string[] = [report.dry_run ? IMPORT_MESSAGES.dryRunDone : IMPORT_MESSAGES.imported];
  for (const kind of IMPORT_KINDS) {
    const count = report.counts[kind];
    lines.push(
      `  ${IMPORT_KIND_LABELS[kind].padEnd(18)} ${report.dry_run ? 'to create' : 'created'} ${report.dry_run ? count.to_create : count.created}, unchanged ${count.unchanged}`,
    );
  }
  if (report.unmapped.length > 0) {
    lines.push('Not mapped:');
    for (const item of report.unmapped) lines.push(`  - ${item.what}: ${item.why}`);
  }
  return lines.join('\n');
}

/**
 * `npm run cli -- import` (docs/product.md#importers): the same import as the screen's, in the
 * named customer's scope; 1 and a clear message on an unknown tool or customer, an unreadable or
 * malformed file, or a refusal, and nothing written.
 */
export async function importCommand(
  ctx: AppContext,
  input: { from?: string; file?: string; customer?: string; dryRun: boolean },
): Promise<number> {
  const fail = (message: string) => {
    console.error(message);
    return 1;
  };
  if (!input.from || !isImportSource(input.from)) return fail(IMPORT_MESSAGES.sourceRequired);
  if (!input.file) return fail('Name the file to import: import --from TOOL FILE --customer NAME');
  if (!input.customer) return fail('--customer is required');
  let text: string;
  try {
    if (statSync(input.file).size > IMPORT_MAX_BYTES) return fail(IMPORT_MESSAGES.tooLarge);
    text = readFileSync(input.file, 'utf8');
  } catch (error) {
    return fail(`Cannot read ${input.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const customer = await ctx.database.scoped(SYSTEM, (tx) => findCustomerByName(tx, input.customer!));
  if (!customer) return fail(`No customer named "${input.customer}"`);
  try {
    const report = await importService(ctx).run(
      {
        scope: { kind: 'customer', customerId: customer.customer_id },
        customerId: customer.customer_id,
        by: 'cli',
        actor: null,
      },
      input.from,
      text,
      input.dryRun,
    );
    console.log(reportText(report));
    return 0;
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof HttpError) return fail(error.message);
    throw error;
  }
}
