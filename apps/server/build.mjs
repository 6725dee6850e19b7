// Bundles the server and the CLI (with the workspace libraries) into dist/; packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `import text from './file.md?raw'`: the file's text, as Vite gives it in the tests (the user guide ships inside the bundle). */
const rawText = {
  name: 'raw-text',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, (args) => ({ path: resolve(dirname(args.importer), args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text', watchFiles: [args.path] }));
  },
};

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@relevo/'));

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'valibot', 'xstate', 'libphonenumber-js', 'ofetch'],
  logLevel: 'warning',
  plugins: [rawText],
  banner: { js: "import { createRequire as __relevoRequire } from 'node:module'; const require = __relevoRequire(import.meta.url);" },
});
