#!/usr/bin/env node
// Measures the JavaScript the /login route loads before it can show anything (issue 3, Speed):
// the entry chunk, the login route chunk, and every chunk either imports statically, gzip-compressed.
// Reads apps/web/dist as built by `vite build` (build.manifest on); builds nothing.
//   node apps/web/scripts/bundle-size.mjs [--json] [--budget 150]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const budgetIndex = args.indexOf('--budget');
const budgetKb = budgetIndex >= 0 ? Number(args[budgetIndex + 1]) : 150;
const LOGIN_SOURCE = 'src/features/auth/LoginPage.tsx';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`No Vite manifest in ${dist}/.vite: run \`npx vite build\` in apps/web first.`);
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
if (!manifest[LOGIN_SOURCE]) throw new Error(`The manifest has no chunk for ${LOGIN_SOURCE}: is the login route still lazy?`);

/** a chunk and, transitively, every chunk it imports statically */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const keys = new Set([...closure(entryKey), ...closure(LOGIN_SOURCE)]);
const chunks = [...keys]
  .map((key) => {
    const file = manifest[key].file;
    const code = readFileSync(join(dist, file));
    return { file, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const total = chunks.reduce((sum, chunk) => ({ bytes: sum.bytes + chunk.bytes, gzip: sum.gzip + chunk.gzip }), { bytes: 0, gzip: 0 });
const kb = (bytes) => (bytes / 1024).toFixed(1);

if (asJson) {
  console.log(JSON.stringify({ route: '/login', chunks, totalBytes: total.bytes, totalGzipBytes: total.gzip, budgetKb }, null, 2));
} else {
  console.log('JavaScript loaded initially by /login (entry + login route chunk + their static imports):');
  for (const chunk of chunks) console.log(`  ${chunk.file.padEnd(48)} ${kb(chunk.bytes).padStart(8)} kB  ${kb(chunk.gzip).padStart(7)} kB gzip`);
  console.log(`  ${'total'.padEnd(48)} ${kb(total.bytes).padStart(8)} kB  ${kb(total.gzip).padStart(7)} kB gzip (budget ${budgetKb} kB)`);
}
process.exit(total.gzip / 1024 <= budgetKb ? 0 : 1);
