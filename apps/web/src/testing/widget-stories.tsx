import type { Decorator, StoryObj as StoryObjOf } from '@storybook/react-vite';
import type { WidgetDisplay } from '@relevo/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ServicesProvider } from '../shell/services';
import { DASHBOARD_CALLS, type DashboardCallsState } from './dashboard';
import { storyBody } from './story-dialogs';

/** The width a widget story is drawn at: a phone (320 px wide), or a desktop window (1280 px) with the widget in its dashboard cell. */
export type StoryWidth = 'mobile' | 'desktop';

/** Gives the story's widget the dashboard calls of `parameters.dashboardCalls`, at the width of its cell. */
const withDashboardCalls: Decorator = (Story, context) => {
  const state = (context.parameters.dashboardCalls as DashboardCallsState | undefined) ?? 'filled';
  const cell = (context.parameters.cellWidth as number | undefined) ?? 480;
  const mobile = (context.globals.viewport as { value?: string } | undefined)?.value === 'mobile1';
  return (
    <ServicesProvider value={{ dashboardCalls: DASHBOARD_CALLS[state] }}>
      <div style={{ maxWidth: mobile ? undefined : cell }}>
        <Story />
      </div>
    </ServicesProvider>
  );
};

/**
 * The meta of a widget's story file but its title and component (which stay literal in the file,
 * where Storybook's indexer reads them): the fixture dashboard calls, and the width of the
 * widget's dashboard cell (480 px, 960 px for the wide charts).
 */
export function widgetMeta(cellWidth: 480 | 960) {
  return { decorators: [withDashboardCalls], parameters: { cellWidth } };
}

/** One state of a widget at one width (docs/product.md#dashboard: each widget empty, loading, filled, collapsed and full screen). */
export function widgetStory(state: DashboardCallsState, width: StoryWidth, display: WidgetDisplay = 'default') {
  return {
    args: { defaultDisplay: display },
    parameters: { dashboardCalls: state },
    globals: { viewport: { value: width === 'mobile' ? 'mobile1' : 'desktop', isRotated: false } },
  };
}

type StoryObj = StoryObjOf<{ defaultDisplay?: WidgetDisplay }>;
type Play = NonNullable<StoryObj['play']>;

/**
 * The ten stories of a widget: filled, empty, loading, collapsed and full screen, each on a phone
 * and on a desktop, with what each must show: `filled` is a text of the filled widget, `empty` its
 * text without events. A story file declares each one as its own `export const` declarator
 * (`export const Filled = stories.Filled, …`): Storybook's indexer and its story tests read the
 * stories' names from those declarations, not from a destructuring or an `export { … }` list.
 */
export function widgetStories(title: string, shows: { filled: string; empty: string }) {
  const filled: Play = async ({ canvasElement }) => {
    const region = await storyBody(canvasElement).findByRole('region', { name: title });
    await waitFor(() => expect(within(region).getAllByText(shows.filled)[0]).toBeVisible());
  };
  const empty: Play = async ({ canvasElement }) => {
    await expect(await storyBody(canvasElement).findByText(shows.empty)).toBeVisible();
  };
  const loading: Play = async ({ canvasElement }) => {
    const region = await storyBody(canvasElement).findByRole('region', { name: title });
    await expect(within(region).getByRole('status')).toHaveTextContent(`Loading ${title}`);
    await expect(within(region).getByText(`Loading ${title}`).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  };
  const collapsed: Play = async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    const expand = await screen.findByRole('button', { name: `Expand ${title}` });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByText(shows.filled)).toBeNull();
    await userEvent.click(expand);
    await waitFor(() => expect(screen.getAllByText(shows.filled)[0]).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: `Collapse ${title}` }));
  };
  const fullscreen: Play = async ({ canvasElement }) => {
    const dialog = await storyBody(canvasElement).findByRole('dialog', { name: title });
    await waitFor(() => expect(within(dialog).getAllByText(shows.filled)[0]).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: `Exit full screen: ${title}` })).toBeVisible();
  };
  const story = (state: DashboardCallsState, width: StoryWidth, display: WidgetDisplay, play: Play): StoryObj => ({
    ...widgetStory(state, width, display),
    play,
  });
  return {
    Filled: story('filled', 'desktop', 'default', filled),
    FilledMobile: story('filled', 'mobile', 'default', filled),
    Empty: story('empty', 'desktop', 'default', empty),
    EmptyMobile: story('empty', 'mobile', 'default', empty),
    Loading: story('loading', 'desktop', 'default', loading),
    LoadingMobile: story('loading', 'mobile', 'default', loading),
    Collapsed: story('filled', 'desktop', 'collapse', collapsed),
    CollapsedMobile: story('filled', 'mobile', 'collapse', collapsed),
    Fullscreen: story('filled', 'desktop', 'fullscreen', fullscreen),
    FullscreenMobile: story('filled', 'mobile', 'fullscreen', fullscreen),
  };
}
