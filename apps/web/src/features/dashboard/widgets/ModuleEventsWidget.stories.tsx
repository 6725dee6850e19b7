import type { Meta, StoryObj } from '@storybook/react-vite';
import { widgetStories, withDashboardCalls } from '../story-support';
import { ModuleEventsWidget } from './ModuleEventsWidget';

const meta = { title: 'Dashboard/Module Events This Month', component: ModuleEventsWidget, decorators: [withDashboardCalls], parameters: { cellWidth: 480 } } satisfies Meta<typeof ModuleEventsWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = widgetStories('Module Events This Month', { filled: 'Checkout', empty: 'No events this month.' });
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
