/**
 * The Spanish catalogs (docs/architecture.md, "Languages"): one `es.json` per folder that shows text
 * (a feature, shell/, libs/ui, libs/domain's messages), each mapping the English text, an ICU
 * message, to its Spanish. The English text is the message's id, so the English screens need no
 * catalog except for the messages with arguments, plurals or selects.
 *
 * `relevoCatalogs()` serves them to the app as `virtual:relevo-messages/es`, every Spanish message
 * compiled at build time (Lingui's message compiler), its own chunk loaded only for Spanish. English
 * needs no catalog (apps/web/src/shell/english-messages.ts).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { mergeCatalogs, type Catalog } from '../../libs/domain/src/i18n/catalogs';

export { mergeCatalogs, type Catalog };

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** where catalogs live: each `es.json` below these folders */
export const CATALOG_ROOTS = ['apps/web/src', 'libs/ui/src', 'libs/domain/src', 'apps/server/src'].map((folder) =>
  join(REPO, folder),
);
export const CATALOG_NAME = 'es.json';

function catalogFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : catalogFiles(path);
    return name === CATALOG_NAME ? [path] : [];
  });
}

export function readCatalogs(): Catalog[] {
  return CATALOG_ROOTS.flatMap(catalogFiles)
    .sort()
    .map((path) => ({
      file: relative(REPO, path),
      messages: JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>,
    }));
}

function compiledModule(merged: Map<string, string>): string {
  const compiled: Record<string, unknown> = {};
  for (const [english, spanish] of merged) compiled[english] = compileMessage(spanish);
  return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`;
}

const PREFIX = 'virtual:relevo-messages/';

export function relevoCatalogs(): Plugin {
  return {
    name: 'relevo-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      if (language !== 'es') throw new Error(`No catalog for ${language}`);
      const catalogs = readCatalogs();
      for (const { file } of catalogs) this.addWatchFile(join(REPO, file));
      return compiledModule(mergeCatalogs(catalogs));
    },
  };
}
