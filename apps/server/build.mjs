// Bundles the server and the CLI (with the workspace libraries) into dist/; packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { rawText } from './raw-text.mjs';

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
  banner: {
    js: "import { createRequire as __relevoRequire } from 'node:module'; const require = __relevoRequire(import.meta.url);",
  },
});
