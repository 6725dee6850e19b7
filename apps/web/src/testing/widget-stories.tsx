import type { ComponentType } from 'react';
import type { Decorator, StoryObj as StoryObjOf } from '@storybook/react-vite';
import type { WidgetDisplay } from '@relevo/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ServicesProvider } from '../shell/services';
import { DASHBOARD_CALLS, type DashboardCallsState } from './dashboard';
import { storyBody } from './story-dialogs';

/** A dashboard widget as its stories know it: its title, a text of it filled, its text without events. */
export interface StoryWidget {
  component: ComponentType<{ defaultDisplay?: WidgetDisplay }>;
  title: string;
  filled: string;
  empty: string;
}

const PHONE = 'mobile1';

/** Gives the story's widget the dashboard calls of `parameters.dashboardCalls`, at the width of its cell. */
const withDashboardCalls: Decorator = (Story, context) => {
  const state = (context.parameters.dashboardCalls as DashboardCallsState | undefined) ?? 'filled';
  const cell = (context.parameters.cellWidth as number | undefined) ?? 480;
  const phone = (context.globals.viewport as { value?: string } | undefined)?.value === PHONE;
  return (
    <ServicesProvider value={{ dashboardCalls: DASHBOARD_CALLS[state] }}>
      <div style={{ maxWidth: phone ? undefined : cell }}>
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

type StoryObj = StoryObjOf<{ defaultDisplay?: WidgetDisplay }>;
type Body = ReturnType<typeof storyBody>;
type Check = (body: Body, widget: StoryWidget) => Promise<void>;
const region = (body: Body, widget: StoryWidget) => body.findByRole('region', { name: widget.title });

const filled: Check = async (body, widget) => {
  const shown = within(await region(body, widget));
  await waitFor(() => expect(shown.getAllByText(widget.filled)[0]).toBeVisible());
};
const empty: Check = async (body, widget) => {
  await expect(await within(await region(body, widget)).findByText(widget.empty)).toBeVisible();
};
const loading: Check = async (body, widget) => {
  const shown = within(await region(body, widget));
  await expect(shown.getByRole('status')).toHaveTextContent(`Loading ${widget.title}`);
  const busy = shown.getByText(`Loading ${widget.title}`).closest('[aria-busy]');
  await expect(busy).toHaveAttribute('aria-busy', 'true');
};
const collapsed: Check = async (body, widget) => {
  const shown = within(await region(body, widget));
  const expand = await shown.findByRole('button', { name: `Expand ${widget.title}` });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(shown.queryByText(widget.filled)).toBeNull();
  await userEvent.click(expand);
  await waitFor(() => expect(shown.getAllByText(widget.filled)[0]).toBeVisible());
  await userEvent.click(shown.getByRole('button', { name: `Collapse ${widget.title}` }));
};
/** The widget full screen, then left again. */
const fullscreen: Check = async (body, widget) => {
  const dialog = await body.findByRole('dialog', { name: widget.title });
  await waitFor(() => expect(within(dialog).getAllByText(widget.filled)[0]).toBeVisible());
  const exit = within(dialog).getByRole('button', { name: `Exit full screen: ${widget.title}` });
  await expect(exit).toBeVisible();
  await userEvent.click(exit);
  await waitFor(() => expect(body.queryByRole('dialog', { name: widget.title })).toBeNull());
};

/** Each state a widget story shows (docs/product.md#dashboard): its calls, its display, what it must show. */
const STATES = {
  Filled: { calls: 'filled', display: 'default', check: filled },
  Empty: { calls: 'empty', display: 'default', check: empty },
  Loading: { calls: 'loading', display: 'default', check: loading },
  Collapsed: { calls: 'filled', display: 'collapse', check: collapsed },
  Fullscreen: { calls: 'filled', display: 'fullscreen', check: fullscreen },
} as const satisfies Record<string, { calls: DashboardCallsState; display: WidgetDisplay; check: Check }>;
type State = keyof typeof STATES;
const eachState = (story: (state: State) => StoryObj) =>
  Object.fromEntries(Object.keys(STATES).map((state) => [state, story(state as State)])) as Record<State, StoryObj>;

/**
 * The five stories of one widget on a desktop, in its dashboard cell: filled, empty, loading,
 * collapsed and full screen. A story file declares each one as its own `export const` declarator
 * (`export const Filled = stories.Filled, …`): Storybook's indexer and its story tests read the
 * stories' names from those declarations, not from a destructuring or an `export { … }` list.
 */
export function widgetStories(widget: StoryWidget): Record<State, StoryObj> {
  const story = (state: State): StoryObj => ({
    args: { defaultDisplay: STATES[state].display },
    parameters: { dashboardCalls: STATES[state].calls },
    globals: { viewport: { value: 'desktop', isRotated: false } },
    play: ({ canvasElement }) => STATES[state].check(storyBody(canvasElement), widget),
  });
  return eachState(story);
}

/**
 * The same five states on a phone, every widget at once in one column as the dashboard stacks
 * them there; full screen is opened and left widget by widget from each header.
 */
export function phoneWidgetStories(widgets: readonly StoryWidget[]): Record<State, StoryObj> {
  const story = (state: State): StoryObj => {
    const display = state === 'Fullscreen' ? 'default' : STATES[state].display;
    return {
      parameters: { dashboardCalls: STATES[state].calls },
      globals: { viewport: { value: PHONE, isRotated: false } },
      render: () => (
        <>
          {widgets.map(({ component: Widget, title }) => (
            <Widget key={title} defaultDisplay={display} />
          ))}
        </>
      ),
      play: async ({ canvasElement }) => {
        const body = storyBody(canvasElement);
        for (const widget of widgets) {
          if (state === 'Fullscreen') {
            const header = within(await region(body, widget));
            await userEvent.click(header.getByRole('button', { name: `Full screen: ${widget.title}` }));
          }
          await STATES[state].check(body, widget);
        }
      },
    };
  };
  return eachState(story);
}
