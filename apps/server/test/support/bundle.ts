import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { rawText } from '../../raw-text.mjs';

const SERVER_DIR = resolve(import.meta.dirname, '../..');

/**
 * Bundles a TypeScript entry of the server (with the workspace libraries) into one ES module below
 * node_modules, so its packages resolve: tests that start many processes then pay node's start,
 * not a compile, for each. Answers the bundle's path.
 */
export async function bundleForTest(entry: string, name: string): Promise<string> {
  const outfile = join(SERVER_DIR, `node_modules/.cache/relevo-test/${name}.mjs`);
  const packages = Object.keys(
    (JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
      .dependencies,
  );
  await build({
    entryPoints: [join(SERVER_DIR, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: packages
      .filter((pkg) => !pkg.startsWith('@relevo/'))
      .concat(['valibot', 'xstate', 'libphonenumber-js', 'ofetch']),
    banner: {
      js: "import { createRequire as __relevoRequire } from 'node:module'; const require = __relevoRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [rawText],
  });
  return outfile;
}

export { SERVER_DIR };

/**
 * The server's own main (what `npm start` runs), bundled: the process tests start it with a ROLE.
 * Each test file has its own copy (`name`): two files running at once never rewrite a bundle that
 * the other one is starting.
 */
export const bundleServerMain = (name: string) => bundleForTest('src/main.ts', `main-${name}`);
