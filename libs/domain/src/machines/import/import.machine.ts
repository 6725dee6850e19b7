import { assign, setup } from 'xstate';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportReport,
  type ImportRequest,
  type ImportSource,
} from '../../importers/plan';
import { errorText, notProvided } from '../shared';

/**
 * The Import screen (docs/product.md#importers):
 *
 *   editing ──DRY_RUN──▶ checking ──done──▶ reviewed ──IMPORT──▶ importing ──done──▶ imported
 *      ▲                    │                  │                     │
 *      └── CHOOSE / PICK ◀──┴──error──▶ failed ◀────────error────────┘
 *
 * A file is imported only after its dry run: the Customer Root sees what would be made and what
 * cannot be mapped first. Choosing another tool or file starts again. Actor `run` gets the request
 * and answers the report.
 */
export const IMPORT_SCREEN_TEXTS = {
  title: 'Import',
  intro:
    'Bring the users, escalation policies, schedules and services of another on-call tool into Relevo. A dry run shows what would be made and what cannot be mapped; Import then makes it. Importing the same file again changes nothing.',
  tool: 'Tool',
  toolPlaceholder: 'Choose the tool',
  file: 'Export file (JSON)',
  dryRun: 'Dry run',
  import: 'Import',
  checking: 'Checking the file…',
  importing: 'Importing…',
  dryRunTitle: 'Dry run: what the import would do',
  importedTitle: 'Imported',
  kind: 'Records',
  toCreate: 'To create',
  created: 'Created',
  unchanged: 'Unchanged',
  unmappedTitle: 'Not mapped',
  allMapped: 'Everything in the file maps to Relevo.',
  what: 'What',
  why: 'Why',
  chooseFirst: 'Choose the tool and the file first',
} as const;

export interface ImportContext {
  source: ImportSource | null;
  fileName: string | null;
  file: string | null;
  report: ImportReport | null;
  error: string | null;
}

export type ImportEvent =
  | { type: 'CHOOSE'; source: ImportSource | null }
  | { type: 'PICK'; name: string; text: string }
  | { type: 'PICK_FAILED'; error: string }
  | { type: 'DRY_RUN' }
  | { type: 'IMPORT' };

/** A picked file the screen may send: at most IMPORT_MAX_BYTES (docs/product.md#importers). */
export function pickedFileError(size: number): string | null {
  return size > IMPORT_MAX_BYTES ? IMPORT_MESSAGES.tooLarge : null;
}

const request = (context: ImportContext, dryRun: boolean): ImportRequest => ({
  from: context.source!,
  file: context.file!,
  dry_run: dryRun,
});

export const importMachine = setup({
  types: { context: {} as ImportContext, events: {} as ImportEvent },
  actors: { run: notProvided<ImportReport, ImportRequest>('run') },
  guards: { isReady: ({ context }) => context.source !== null && context.file !== null },
}).createMachine({
  id: 'import',
  context: { source: null, fileName: null, file: null, report: null, error: null },
  initial: 'editing',
  on: {
    CHOOSE: {
      target: '.editing',
      actions: assign(({ event }) => ({ source: event.source, report: null, error: null })),
    },
    PICK: {
      target: '.editing',
      actions: assign(({ event }) => ({ fileName: event.name, file: event.text, report: null, error: null })),
    },
    PICK_FAILED: {
      target: '.editing',
      actions: assign(({ event }) => ({ fileName: null, file: null, report: null, error: event.error })),
    },
  },
  states: {
    editing: { on: { DRY_RUN: { guard: 'isReady', target: 'checking' } } },
    checking: {
      invoke: {
        src: 'run',
        input: ({ context }) => request(context, true),
        onDone: { target: 'reviewed', actions: assign(({ event }) => ({ report: event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ report: null, error: errorText(event.error) })),
        },
      },
    },
    reviewed: { on: { DRY_RUN: 'checking', IMPORT: 'importing' } },
    importing: {
      invoke: {
        src: 'run',
        input: ({ context }) => request(context, false),
        onDone: { target: 'imported', actions: assign(({ event }) => ({ report: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorText(event.error) })) },
      },
    },
    imported: { on: { DRY_RUN: 'checking' } },
    failed: { on: { DRY_RUN: { guard: 'isReady', target: 'checking' } } },
  },
});
