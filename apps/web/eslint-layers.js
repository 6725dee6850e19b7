// The layers of apps/web/src (docs/architecture.md, "The web app's layers"), as an ESLint rule:
// - a feature (features/<name>/) imports no other feature;
// - shell/ and calls/ import no feature;
// - the composition root (routes.tsx, main.tsx) is imported by nothing but stories, which render
//   the real route table;
// - testing/ (story and test fixtures) is imported by stories, tests and testing/ only.
// Every relative import, re-export and dynamic import() is resolved against the importing file,
// so `../slas/x`, `../../features/slas/x` and `../../../src/features/slas/x` are the same place.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web/src of this checkout, whatever folder ESLint runs in */
const SRC = fileURLToPath(new URL('./src', import.meta.url));

/** Where a path of apps/web/src belongs: a feature, a layer folder, the root, or null outside src. */
function placeOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, second] = relative.split(path.sep);
  if (first === 'features' && second) return { layer: 'feature', feature: second };
  if (first === 'shell' || first === 'calls' || first === 'testing') return { layer: first };
  if (/^(routes|main)(\.tsx?)?$/.test(first)) return { layer: 'root' };
  return { layer: 'other' };
}

const isStoryOrTest = (file) => /\.(stories|test)\.tsx?$/.test(file);

function problemOf(from, to, file) {
  if (to.layer === 'feature') {
    if (from.layer === 'feature' && from.feature !== to.feature) return 'crossFeature';
    if (from.layer === 'shell' || from.layer === 'calls') return 'belowFeatures';
  }
  if (to.layer === 'root' && from.layer !== 'root' && from.layer !== 'testing' && !isStoryOrTest(file)) return 'root';
  if (to.layer === 'testing' && from.layer !== 'testing' && !isStoryOrTest(file)) return 'testing';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'keeps the layers of the web app: features do not import each other, shell/ and calls/ import no feature',
    },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: a feature imports no other feature. Move what both need to shell/ (generic), calls/ (a contract two screens share) or a library, or let the route table pass it in (docs/architecture.md).',
      belowFeatures:
        '{{from}}/ imports features/{{to}}: the shell and the shared calls name no feature; let the route table pass it in, or let the feature declare its Services key.',
      root: 'only stories import the route table (routes.tsx, main.tsx): it imports every feature.',
      testing: 'testing/ holds story and test fixtures: only stories, tests and testing/ import it.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from || from.layer === 'other') return {};
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(file), source.value));
      if (!to) return;
      const messageId = problemOf(from, to, file);
      if (messageId)
        context.report({
          node: source,
          messageId,
          data: { from: from.feature ?? from.layer, to: to.feature ?? to.layer },
        });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { layers } };
