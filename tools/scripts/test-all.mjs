#!/usr/bin/env node
// `npm test`: every check of the repository, in an order that fails fast and fits two cores.
// 0. dependency and export hygiene (knip.jsonc), the formatting (Prettier), and the architecture map's files and functions;
// 1. lint, typecheck and unit/API tests of every project (API tests run on PGlite, and on
//    PostgreSQL too when TEST_DATABASE_URL is set);
// 2. the built app in Chromium (browser tests; builds the web app and the server first), then the
//    /login JavaScript budget on that build;
// 3. the static Storybook build, then every story rendered in Chromium through Storybook's Vitest integration, with its play function
//    and the a11y check run (a story that throws, fails an assertion or an axe rule, logs an error or
//    makes a network request fails the step), and every story again in Spanish (the `stories-es`
//    project: a text without a Spanish translation fails it too).
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '',
};
const steps = [
  // every import declared by the workspace that makes it, no unused dependency or unreachable file
  ['Dependencies and exports (knip)', null, ['npx', ['knip', '--no-progress']]],
  // one formatter for the whole tree (.prettierrc.json): `npm run format` writes it
  ['Formatting (Prettier)', null, ['npx', ['prettier', '--check', '.', '--log-level', 'warn']]],
  // the map of one incident's path in docs/architecture.md names files and functions that exist
  ['Architecture map (docs/architecture.md)', null, ['node', ['tools/scripts/check-incident-path.mjs']]],
  ['Lint, typecheck, unit and API tests', ['run-many', '-t', 'lint', 'typecheck', 'test', '--parallel=2']],
  ['Browser tests (Chromium)', ['run', 'web:e2e']],
  // the web app was built for the browser tests: the initial JavaScript of /login, /dashboard and
  // /events must stay within their budgets
  // (150 kB gzip for /login, the aim of all three)
  ['Initial JavaScript budget (/login, /dashboard, /events)', null, ['node', ['apps/web/scripts/bundle-size.mjs']]],
  // the static Storybook designers review must build; then every story is rendered and checked
  ['Storybook build', ['run', 'storybook:build-storybook']],
  ['Story tests (Chromium)', ['run', 'storybook:test-stories']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is unset: the API tests run on PGlite only (set it to a PostgreSQL database to run them there too).',
  );
}
const started = Date.now();
for (const [title, nxArgs, command] of steps) {
  console.log(`\n=== ${title} ===`);
  const stepStarted = Date.now();
  const [program, args] = nxArgs ? ['npx', ['nx', ...nxArgs, '--outputStyle=static']] : command;
  const result = spawnSync(program, args, { stdio: 'inherit', env });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - stepStarted) / 1000)} s ===`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nEvery check passed in ${Math.round((Date.now() - started) / 1000)} s.`);
