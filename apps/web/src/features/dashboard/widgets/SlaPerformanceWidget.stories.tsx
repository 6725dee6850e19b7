import type { Meta, StoryObj } from '@storybook/react-vite';
import { widgetStories, withDashboardCalls } from '../story-support';
import { SlaPerformanceWidget } from './SlaPerformanceWidget';

const meta = { title: 'Dashboard/SLA Performance MTD', component: SlaPerformanceWidget, decorators: [withDashboardCalls], parameters: { cellWidth: 480 } } satisfies Meta<typeof SlaPerformanceWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = widgetStories('SLA Performance MTD', { filled: 'This month', empty: 'No SLA results this month or last month.' });
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
