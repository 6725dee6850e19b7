import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../../../libs/ui/src/**/*.stories.tsx', '../../../apps/web/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { relevoCatalogs } = await import('../../web/i18n-catalogs.ts');
    return mergeConfig(viteConfig, {
      plugins: [relevoCatalogs()],
      build: {
        // the preview bundle holds every story at once; its size says nothing about the app's
        chunkSizeWarningLimit: 4000,
        rolldownOptions: {
          checks: { pluginTimings: false },
          onwarn(warning: { code?: string }, warn: (warning: unknown) => void) {
            // Radix ships "use client" directives, meaningless in a client-only bundle
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;
