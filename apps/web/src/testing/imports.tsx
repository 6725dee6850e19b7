import { ApiError } from '@relevo/api';
import { Role, emptyCounts, type ImportReport, type ImportRequest } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { ImportCalls } from '../features/imports/import-calls';
import { routes } from '../routes';
import { never, storyUser } from './fixtures';
import { StoryApp } from './story-app';

/** What the PagerDuty sample makes, as the server reports it. */
const MADE = { resource: 3, schedule: 1, override: 1, escalation: 1, step: 2, application: 2, module: 2 } as const;
const UNMAPPED = [
  { what: 'User Bruno Costa: phone London office', why: 'This country is not supported' },
  { what: 'Escalation policy Payments escalation: repeats 2 times', why: 'Relevo walks an escalation once' },
];

/** The report of a dry run (`to_create`), an import (`created`) or an import run again (`unchanged`). */
export function storyImportReport(as: 'dryRun' | 'imported' | 'again', unmapped = UNMAPPED): ImportReport {
  const counts = emptyCounts();
  for (const [kind, n] of Object.entries(MADE) as [keyof typeof MADE, number][])
    counts[kind] =
      as === 'again'
        ? { to_create: 0, created: 0, unchanged: n }
        : { to_create: n, created: as === 'imported' ? n : 0, unchanged: 0 };
  return { source: 'pagerduty', dry_run: as === 'dryRun', counts, unmapped };
}

export type StoryImportRun = 'ok' | 'again' | 'allMapped' | 'checking' | 'malformed';

/** Fixture call of the Import screen: answers by what the story shows; keeps what it was asked. */
export function storyImportCalls(run: StoryImportRun = 'ok', asked: ImportRequest[] = []): ImportCalls {
  return {
    run: async (request) => {
      asked.push(request);
      if (run === 'checking') return never();
      if (run === 'malformed')
        throw new ApiError(422, {
          detail: [{ loc: ['body', 'file'], msg: 'The file is not a PagerDuty export: users[0].name: Invalid type' }],
        });
      if (run === 'again') return { ...storyImportReport('again'), dry_run: request.dry_run };
      if (run === 'allMapped') return storyImportReport(request.dry_run ? 'dryRun' : 'imported', []);
      return storyImportReport(request.dry_run ? 'dryRun' : 'imported');
    },
  };
}

/** The real route table at /imports, signed in as a Customer Root, with the fixture call made once. */
export function ImportScreens({ run = 'ok' }: { run?: StoryImportRun }) {
  const [calls] = useState(() => storyImportCalls(run));
  return (
    <StoryApp routes={routes} at="/imports" user={storyUser(Role.CustomerRoot)} services={{ importCalls: calls }} />
  );
}

export const importScreensMeta = {
  component: ImportScreens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ImportScreens>;

export type ImportScreensStory = StoryObj<typeof ImportScreens>;
