#!/usr/bin/env node
// Checks the map "The path of one incident" of docs/architecture.md against the code: every step
// names a file that exists and a function that file holds, so a move or a rename that forgets the
// map fails here. Run: node tools/scripts/check-incident-path.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const section = /^### The path of one incident\n([\s\S]*?)(?=^#)/m.exec(doc)?.[1];
if (!section) {
  console.error('docs/architecture.md has no section "The path of one incident"');
  process.exit(1);
}
const steps = [...section.matchAll(/^(\d+)\. `([^`]+)` — `([^`]+)`: /gm)].map(([, number, file, name]) => ({
  number: Number(number),
  file,
  name,
}));
const problems = [];
if (steps.length === 0) problems.push('no numbered steps ("N. `file` — `function`: sentence")');
steps.forEach((step, index) => {
  if (step.number !== index + 1) problems.push(`step ${step.number} comes where step ${index + 1} should`);
  const path = join(ROOT, step.file);
  if (!existsSync(path)) return problems.push(`step ${step.number}: ${step.file} does not exist`);
  const declared = new RegExp(`\\b(function\\*?|class|const|let)\\s+${step.name}\\b|\\b${step.name}\\s*[:=(]`);
  if (!declared.test(readFileSync(path, 'utf8')))
    problems.push(`step ${step.number}: ${step.file} has no ${step.name}`);
});
const numbered = [...section.matchAll(/^\d+\. /gm)].length;
if (numbered !== steps.length)
  problems.push(`${numbered - steps.length} numbered lines do not read "N. \`file\` — \`function\`: sentence"`);
if (problems.length > 0) {
  console.error(`docs/architecture.md, "The path of one incident":\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`docs/architecture.md, "The path of one incident": ${steps.length} steps, each file and function found`);
