import type { Meta, StoryObj } from '@storybook/react-vite';
import { widgetStories, withDashboardCalls } from '../story-support';
import { EventsPerModuleWidget } from './EventsPerModuleWidget';

const meta = { title: 'Dashboard/Events Per Module', component: EventsPerModuleWidget, decorators: [withDashboardCalls], parameters: { cellWidth: 960 } } satisfies Meta<typeof EventsPerModuleWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = widgetStories('Events Per Module', { filled: 'Checkout', empty: 'No events this month.' });
export const Filled: Story = stories.Filled;
export const FilledMobile: Story = stories.FilledMobile;
export const Empty: Story = stories.Empty;
export const EmptyMobile: Story = stories.EmptyMobile;
export const Loading: Story = stories.Loading;
export const LoadingMobile: Story = stories.LoadingMobile;
export const Collapsed: Story = stories.Collapsed;
export const CollapsedMobile: Story = stories.CollapsedMobile;
export const Fullscreen: Story = stories.Fullscreen;
export const FullscreenMobile: Story = stories.FullscreenMobile;
