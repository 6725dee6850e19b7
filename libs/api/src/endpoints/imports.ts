import { ImportRequestSchema, type ImportReport } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

// docs/product.md#importers: a Customer Root brings users, escalation policies, schedules and
// services of another on-call tool into the customer's catalogue.

/** Reads the export and makes what is not there yet (one transaction), or reports what it would make (dry_run). */
export const runImport = endpoint({
  name: 'runImport',
  method: 'POST',
  path: '/api/imports',
  body: ImportRequestSchema,
  response: reply<ImportReport>(),
  auth: 'session',
  permissions: ['catalogue.write'],
});

export const importEndpoints = { runImport };
