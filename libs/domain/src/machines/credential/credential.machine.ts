import { assign, setup } from 'xstate';
import { errorText, notProvided } from '../shared';

/**
 * A module's credential key (docs/product.md#modules Credentials modal, 4 Credentials):
 *
 *   notCreated ──CREATE──▶ confirming ──CONTINUE──▶ generating ──done──▶ created ──CREATE──▶ confirming …
 *                              │                        │                   │
 *                            CANCEL (back)            error──▶ failed ──CREATE──▶ confirming
 *                                                                   TOGGLE: show / hide the key
 *
 * docs/product.md#states-and-transitions: the key is hidden by default and shown once (the server keeps only its hash); a new key
 * makes the old one stop working, so each creation is confirmed first with
 * 'Are you sure you want to create a new credential key?'. Actor `generate` gets
 * `{ moduleId, applicationId }` and answers the new key.
 */
export const CREDENTIAL_MESSAGES = {
  confirm: 'Are you sure you want to create a new credential key?',
  created: 'Credential Created Successfully',
  warning:
    'Creating new credentials makes the current key stop working at once: every monitoring tool that uses it must get the new one.',
  /** the GET of the key rotation, from another site's page (a link, an image): nothing changes */
  crossSite: 'A new credential key is made only from Relevo itself: use Create New Credentials in the module tools',
} as const;

export interface CredentialInput {
  moduleId: number;
  applicationId: number;
}

export interface CredentialContext extends CredentialInput {
  /** the key made in this modal, shown once; null before */
  key: string | null;
  /** Show/Hide: the key is masked unless shown */
  shown: boolean;
  error: string | null;
}

export type CredentialEvent = { type: 'CREATE' } | { type: 'CONTINUE' } | { type: 'CANCEL' } | { type: 'TOGGLE' };

export const credentialMachine = setup({
  types: { context: {} as CredentialContext, events: {} as CredentialEvent, input: {} as CredentialInput },
  actors: { generate: notProvided<string, CredentialInput>('generate') },
  guards: { hasKey: ({ context }) => context.key !== null },
}).createMachine({
  id: 'credential',
  context: ({ input }) => ({
    moduleId: input.moduleId,
    applicationId: input.applicationId,
    key: null,
    shown: false,
    error: null,
  }),
  initial: 'notCreated',
  states: {
    notCreated: { on: { CREATE: 'confirming' } },
    confirming: {
      on: {
        CONTINUE: 'generating',
        CANCEL: [{ guard: 'hasKey', target: 'created' }, { target: 'notCreated' }],
      },
    },
    generating: {
      invoke: {
        src: 'generate',
        input: ({ context }) => ({ moduleId: context.moduleId, applicationId: context.applicationId }),
        onDone: {
          target: 'created',
          actions: assign(({ event }) => ({ key: event.output, shown: false, error: null })),
        },
        // the old key, if one was shown, no longer counts as the module's key: the server may have replaced it
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ key: null, shown: false, error: errorText(event.error) })),
        },
      },
    },
    created: {
      on: {
        TOGGLE: { actions: assign(({ context }) => ({ shown: !context.shown })) },
        CREATE: 'confirming',
      },
    },
    failed: { on: { CREATE: 'confirming' } },
  },
});

/** The key as the modal shows it: masked (one dot per character) unless shown. */
export function shownKey(key: string, shown: boolean): string {
  return shown ? key : '•'.repeat(key.length);
}

/** docs/product.md#modules 'Download to CSV': columns Module ID and Credential Key, named from the module id and the date (YYYYMMDD). */
export function credentialCsv(moduleId: number, key: string, on: Date): { fileName: string; content: string } {
  const day = `${on.getFullYear()}${String(on.getMonth() + 1).padStart(2, '0')}${String(on.getDate()).padStart(2, '0')}`;
  return {
    fileName: `module_${moduleId}_credential_${day}.csv`,
    content: `Module ID,Credential Key\r\n${moduleId},${key}\r\n`,
  };
}
