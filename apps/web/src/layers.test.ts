/**
 * The lint rule of the web app's layers (apps/web/eslint-layers.js, docs/architecture.md) run
 * through ESLint's Node API with the repository's own config, on sources placed at paths of this
 * app: an import across the layers fails the lint, an import within them passes.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the layers rule for `source` placed at `file` (a path under apps/web/src). */
async function layerErrors(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: `${root}apps/web/src/${file}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'web-layers/layers')
    .map((message) => message.message);
}

// the first lint loads the repository's whole ESLint config and parsers: seconds on a busy machine
describe('the web layers lint rule', { timeout: 60_000 }, () => {
  it('fails a feature that imports another feature, by any path and by import()', async () => {
    expect(
      await layerErrors(
        'features/slas/Probe.ts',
        "import { liveResourceCalls } from '../resources/resource-calls';\nexport const probe = liveResourceCalls;\n",
      ),
    ).toEqual([expect.stringContaining('features/slas imports features/resources')]);
    expect(
      await layerErrors(
        'features/dashboard/widgets/Probe.ts',
        "export { liveEventCalls } from '../../../features/events/event-calls';\n",
      ),
    ).toEqual([expect.stringContaining('features/dashboard imports features/events')]);
    expect(
      await layerErrors(
        'features/users/Probe.ts',
        "export const load = () => import('../password/ChangePasswordModal');\n",
      ),
    ).toEqual([expect.stringContaining('features/users imports features/password')]);
    expect(await layerErrors('features/resources/Probe.ts', "import '../users/UserModal.css';\n")).toHaveLength(1);
  });

  it('fails the shell and the shared calls when they import a feature', async () => {
    expect(
      await layerErrors(
        'shell/Probe.tsx',
        "import type { CustomerCalls } from '../features/customers/customer-calls';\nexport type Probe = CustomerCalls;\n",
      ),
    ).toEqual([expect.stringContaining('shell/ imports features/customers')]);
    expect(
      await layerErrors(
        'shell/Probe.tsx',
        "export const load = () => import('../features/password/ChangePasswordModal');\n",
      ),
    ).toHaveLength(1);
    expect(await layerErrors('calls/probe.ts', "export { liveSlaCalls } from '../features/slas/sla-calls';\n")).toEqual(
      [expect.stringContaining('calls/ imports features/slas')],
    );
  });

  it('keeps the route table and the story fixtures out of the app code', async () => {
    expect(
      await layerErrors(
        'features/events/Probe.tsx',
        "import { routes } from '../../routes';\nexport const probe = routes;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'shell/probe.ts',
        "import { never } from '../testing/fixtures';\nexport const probe = never;\n",
      ),
    ).toHaveLength(1);
  });

  it('passes imports within the layers', async () => {
    const allowed = [
      "import { liveSlaCalls } from './sla-calls';",
      "import { useService } from '../../shell/services';",
      "import type { ApplicationCalls } from '../../calls/application-calls';",
      "import { Button } from '@relevo/ui';",
    ].join('\n');
    expect(
      await layerErrors(
        'features/slas/Probe.ts',
        `${allowed}\nexport const probe = [liveSlaCalls, useService, Button] as unknown as ApplicationCalls;\n`,
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'features/dashboard/widgets/Probe.ts',
        "import { useSummary } from '../use-summary';\nexport const probe = useSummary;\n",
      ),
    ).toEqual([]);
    // stories render the real route table with story fixtures; the route table imports every feature
    expect(
      await layerErrors(
        'features/slas/Probe.stories.tsx',
        "import { routes } from '../../routes';\nimport { never } from '../../testing/fixtures';\nexport const probe = [routes, never];\n",
      ),
    ).toEqual([]);
    expect(
      await layerErrors('routes.tsx', "export const load = () => import('./features/password/ChangePasswordModal');\n"),
    ).toEqual([]);
  });
});
