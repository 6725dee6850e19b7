import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { relevoCatalogs } from './i18n-catalogs';

/** Text files of the build worth compressing: below 1 kB the headers cost about what is saved. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the build, once, at build
 * time; the server sends the one the browser accepts (@fastify/static preCompressed). The
 * JavaScript of a screen is about a third of its size compressed, which is most of the first load.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
    );
  return {
    name: 'relevo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), relevoCatalogs(), precompress()],
  server: {
    port: 5173,
    // the API server of `npm start` (docs/product.md#processes-storage-and-configuration: PORT 3000)
    proxy: { '/api': { target: 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to measure the login route
    manifest: true,
    // The server speaks HTTP/1.1: six connections, each request a round trip of its own. On a phone's
    // slow link the number of requests before a screen shows costs more than their bytes
    // (docs/perf.md, "On a phone", third pass), so the first load asks for fewer files:
    // - one style sheet for the whole app (13 kB gzip), in the page's head, instead of one per
    //   chunk, which each screen's chunks asked for only once the entry had run;
    // - the entry's own imports in the entry's file, instead of nine small files beside it: every
    //   page loads all of them anyway, so no page loads more bytes.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
