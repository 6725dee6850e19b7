import '@relevo/ui/theme.css';
import type { Preview } from '@storybook/react-vite';
import { activateLanguage } from '../../web/src/shell/i18n';

type Language = Parameters<typeof activateLanguage>[0];

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // every story is checked by axe; a violation fails the story test (STORY_FINISHED carries the report)
    a11y: { test: 'error' },
  },
  // the toolbar's language: every story can be viewed in English or in Spanish (the story tests run
  // in English; test/stories-es.test.tsx renders every story in Spanish)
  globalTypes: {
    language: {
      description: 'Language of the texts',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'en' },
  loaders: [
    // before each story renders: its texts are drawn in the chosen language (`t` reads the active one)
    async ({ globals }) => {
      await activateLanguage((globals.language as Language | undefined) ?? 'en');
    },
  ],
};

export default preview;
