import '@relevo/ui/theme.css';
import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // every story is checked by axe; a violation fails the story test (STORY_FINISHED carries the report)
    a11y: { test: 'error' },
  },
};

export default preview;
