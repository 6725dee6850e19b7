import '@relevo/ui/theme.css';
import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // every story is checked by axe in the a11y panel; failures are shown, not hidden
    a11y: { test: 'todo' },
  },
};

export default preview;
