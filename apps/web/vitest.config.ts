import { defineConfig } from 'vitest/config';
import { relevoCatalogs } from './i18n-catalogs';

export default defineConfig({
  // the compiled catalogs (virtual:relevo-messages/*), for tests that translate
  plugins: [relevoCatalogs()],
  test: { environment: 'node', include: ['src/**/*.test.ts'], passWithNoTests: true },
});
