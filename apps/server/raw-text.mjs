// `import text from './file.md?raw'`: the file's text, as Vite gives it in the tests (the user guide
// ships inside the bundle). For every esbuild bundle of the server: the build and the tests' bundles.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** @type {import('esbuild').Plugin} */
export const rawText = {
  name: 'raw-text',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: resolve(dirname(args.importer), args.path.slice(0, -'?raw'.length)),
      namespace: 'raw-text',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};
