import type { Meta, StoryObj } from '@storybook/react-vite';
import { widgetStories, withDashboardCalls } from '../story-support';
import { EventsChartWidget } from './EventsChartWidget';

const meta = { title: 'Dashboard/Events Line Chart', component: EventsChartWidget, decorators: [withDashboardCalls], parameters: { cellWidth: 960 } } satisfies Meta<typeof EventsChartWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

const stories = widgetStories('Events Line Chart', { filled: '2026', empty: 'No events this year or last year.' });
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
