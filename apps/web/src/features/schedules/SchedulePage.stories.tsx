import { Role, SCHEDULE_SCREEN_TEXTS, type RoleId } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyScheduleCalls, type StoryScheduleOptions } from '../../testing/schedules';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { storyBody as body } from '../../testing/story-dialogs';

/** The real route table at a schedule's page, signed in as a Demo Company user, with fixture calls. */
function SchedulePage({
  role = Role.CustomerRoot,
  at = '/schedules/1',
  options = {},
}: {
  role?: RoleId;
  at?: string;
  options?: StoryScheduleOptions;
}) {
  const [calls] = useState(() => storyScheduleCalls(options));
  return <StoryApp routes={routes} at={at} user={storyUser(role)} services={{ scheduleCalls: calls }} />;
}

export default {
  title: 'Screens/Schedules/Schedule page',
  ...screenMeta(SchedulePage),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof SchedulePage>;

const timeline = async (canvasElement: HTMLElement, title: string) =>
  body(canvasElement).findByRole('region', { name: `Shifts, ${title}` }, { timeout: 3000 });
const lane = (region: HTMLElement, name: string) => within(region).getByRole('list', { name: `Shifts of ${name}` });

/**
 * The week holding now: a lane per person with their name on each bar, Pedro's business hours
 * above Luis's week, Carla's override marked, the now-line; who is on call now and until when.
 */
export const Week: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { level: 1, name: 'Platform on call' })).toBeVisible();
    await expect(screen.getByText('On call now').nextElementSibling).toHaveTextContent(
      'Pedro Gómez until Wed 11 Mar 17:00',
    );
    const week = await timeline(canvasElement, '9 – 15 Mar 2026');
    await expect(
      within(week)
        .getAllByRole('list', { name: /^Shifts of / })
        .map((list) => list.ariaLabel),
    ).toEqual(['Shifts of Ana Torres', 'Shifts of Pedro Gómez', 'Shifts of Luis Soto', 'Shifts of Carla Núñez']);
    await expect(
      within(lane(week, 'Luis Soto')).getByRole('button', {
        name: 'Take this shift: Luis Soto, Wed 11 Mar 17:00 – Thu 12 Mar 09:00',
      }),
    ).toHaveTextContent('Luis Soto');
    // a shift already over is not taken
    await expect(within(lane(week, 'Ana Torres')).queryByRole('button')).toBeNull();
    await expect(
      within(lane(week, 'Ana Torres')).getByText(/Ana Torres, Mon 9 Mar 00:00 – Mon 9 Mar 09:00/),
    ).toBeInTheDocument();
    const override = within(lane(week, 'Carla Núñez')).getByRole('button', { name: /^Take this shift: Carla Núñez/ });
    await expect(override).toHaveTextContent('Override');
    await expect(week.querySelectorAll('.rl-timeline__now').length).toBeGreaterThan(0);
    await expect(within(week).getByRole('list', { name: 'Days' })).toHaveTextContent('Mon 9');
  },
};

/** Month view, and moving by month: Previous, Next, Today. */
export const Month: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await timeline(canvasElement, '9 – 15 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    const march = await timeline(canvasElement, 'March 2026');
    await expect(within(march).getByRole('list', { name: 'Days' }).children).toHaveLength(31);
    await expect(lane(march, 'Marta Ruiz')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await timeline(canvasElement, 'February 2026');
    // before the first rotation started nobody was on call
    await expect(await screen.findByRole('list', { name: SCHEDULE_SCREEN_TEXTS.nobodyOnCall })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await timeline(canvasElement, 'April 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await timeline(canvasElement, 'March 2026');
  },
};

/** The next week: Marta's turn in the weekly rotation. */
export const NextWeek: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await timeline(canvasElement, '9 – 15 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = await timeline(canvasElement, '16 – 22 Mar 2026');
    await expect(lane(next, 'Marta Ruiz')).toBeInTheDocument();
    await expect(within(next).queryByRole('list', { name: 'Shifts of Carla Núñez' })).toBeNull();
  },
};

/** "Show times in: my zone": the same shifts read in Madrid, the days cut there. */
export const MyZone: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await timeline(canvasElement, '9 – 15 Mar 2026');
    await userEvent.click(screen.getByRole('radio', { name: 'My zone (Europe/Madrid)' }));
    await expect(screen.getByText('On call now').nextElementSibling).toHaveTextContent(
      'Pedro Gómez until Wed 11 Mar 22:00',
    );
    const week = await timeline(canvasElement, '9 – 15 Mar 2026');
    await expect(
      within(lane(week, 'Luis Soto')).getByRole('button', {
        name: 'Take this shift: Luis Soto, Wed 11 Mar 22:00 – Thu 12 Mar 14:00',
      }),
    ).toBeVisible();
    await expect(screen.getByRole('list', { name: 'Upcoming overrides' })).toHaveTextContent(
      'Thu 12 Mar 23:00 – Fri 13 Mar 13:00',
    );
  },
};

/** The overrides to come, and one removed: the list and the timeline follow. */
export const WithOverrides: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const list = await screen.findByRole('list', { name: 'Upcoming overrides' });
    await expect(list).toHaveTextContent('Carla Núñez');
    await expect(list).toHaveTextContent('Thu 12 Mar 18:00 – Fri 13 Mar 08:00');
    await userEvent.click(
      within(list).getByRole('button', { name: 'Remove override of Carla Núñez, Thu 12 Mar 18:00 – Fri 13 Mar 08:00' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(SCHEDULE_SCREEN_TEXTS.confirmRemoveOverride);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.overrideRemoved)).toBeVisible());
    await expect(await screen.findByText(SCHEDULE_SCREEN_TEXTS.noOverrides)).toBeVisible();
    const week = await timeline(canvasElement, '9 – 15 Mar 2026');
    await expect(within(week).queryByRole('list', { name: 'Shifts of Carla Núñez' })).toBeNull();
  },
};

/** Weekday hours only: the warning of the next 14 days, and the stretches nobody covers in their own lane. */
export const WithGap: Story = {
  args: { at: '/schedules/2' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { level: 1, name: 'Weekday support' })).toBeVisible();
    await expect(screen.getByText(/^Nobody on call from Wed 11 Mar 20:00/)).toBeVisible();
    const week = await timeline(canvasElement, '9 – 15 Mar 2026');
    const gaps = within(week).getByRole('list', { name: SCHEDULE_SCREEN_TEXTS.nobodyOnCall });
    await expect(gaps).toHaveTextContent('Nobody on call: Wed 11 Mar 20:00 – Thu 12 Mar 08:00');
    await expect(gaps).toHaveTextContent('Nobody on call: Fri 13 Mar 20:00 – Mon 16 Mar 00:00');
  },
};

/** Nobody on call now: the rotation starts later; the header says when someone is. */
export const NobodyOnCall: Story = {
  args: { at: '/schedules/3' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { level: 1, name: 'Front desk' })).toBeVisible();
    await expect(screen.getByText('On call now').nextElementSibling).toHaveTextContent(
      'Nobody on call until Fri 20 Mar 07:00',
    );
    const week = await timeline(canvasElement, '9 – 15 Mar 2026');
    await expect(within(week).queryAllByRole('list', { name: /^Shifts of / })).toHaveLength(0);
    await expect(within(week).getByRole('list', { name: SCHEDULE_SCREEN_TEXTS.nobodyOnCall })).toBeInTheDocument();
    // a rotation with no name is shown by its layer
    await expect(screen.getByRole('heading', { level: 3, name: /Rotation 1/ })).toBeVisible();
  },
};

/** The schedule's first read fails: the message and Reload, which reads it again. */
export const LoadFailed: Story = {
  args: { options: { page: 'failsOnce' } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText(SCHEDULE_SCREEN_TEXTS.loadFailed)).toBeVisible();
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Reload' }));
    await expect(await screen.findByRole('heading', { level: 1, name: 'Platform on call' })).toBeVisible();
  },
};

/** The shifts cannot be read: the timeline says so and offers Reload; the rest of the page stays. */
export const ShiftsFailed: Story = {
  args: { options: { page: 'shiftsFail' } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText(SCHEDULE_SCREEN_TEXTS.shiftsFailed)).toBeVisible();
    await expect(within(screen.getByRole('main')).getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(screen.getByRole('heading', { level: 2, name: 'Rotations' })).toBeVisible();
  },
};

/**
 * docs/product.md#roles-and-permissions: the Customer sees everything, sets overrides and takes
 * shifts, but changes no rotation and does not see the calendar's secret address.
 */
export const CustomerRole: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await timeline(canvasElement, '9 – 15 Mar 2026');
    await expect(screen.getByRole('heading', { level: 3, name: /Weekly/ })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Add rotation' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Edit rotation Weekly' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Add override' })).toBeVisible();
    await expect(screen.getAllByRole('button', { name: /^Take this shift/ }).length).toBeGreaterThan(0);
    await expect(screen.queryByRole('heading', { name: 'Calendar feed' })).toBeNull();
    await expect(screen.queryByLabelText('Calendar address')).toBeNull();
  },
};

/** docs/product.md#calendar-feeds: the address, and a new one after the confirmation that the old one stops. */
export const CalendarFeed: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const address = await screen.findByLabelText('Calendar address');
    await expect(address).toHaveAttribute('readonly');
    await expect(address).toHaveValue(`https://relevo.example/api/calendar/${'k'.repeat(36)}1.ics`);
    await expect(screen.getByRole('button', { name: 'Copy address' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New address' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Make a new address?' });
    await expect(confirm).toHaveTextContent(SCHEDULE_SCREEN_TEXTS.confirmNewCalendar);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(address).toHaveValue(`https://relevo.example/api/calendar/${'n'.repeat(36)}1.ics`));
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.calendarRotated)).toBeVisible());
  },
};

/**
 * The temporary schedules, soonest first, in the schedule's zone: the one over marked Past, the
 * weekend of 20 March with Luis then Carla; in that week's timeline their shifts are marked
 * Temporary and the stretch they leave uncovered is nobody's.
 */
export const TemporarySchedules: Story = {
  args: { options: { temporary: true } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const list = await screen.findByRole('list', { name: 'Temporary schedules' });
    await expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Past Sat 28 Feb 09:00 – Mon 2 Mar 09:00', 'Fri 20 Mar 18:00 – Mon 23 Mar 09:00']);
    await expect(
      within(list).getByRole('list', { name: 'Shifts of the temporary schedule Sat 28 Feb 09:00 – Mon 2 Mar 09:00' }),
    ).toHaveTextContent('Marta RuizSat 28 Feb 09:00 – Mon 2 Mar 09:00');
    await expect(
      within(
        within(list).getByRole('list', {
          name: 'Shifts of the temporary schedule Fri 20 Mar 18:00 – Mon 23 Mar 09:00',
        }),
      )
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Luis SotoFri 20 Mar 18:00 – Sat 21 Mar 18:00', 'Carla NúñezSat 21 Mar 18:00 – Sun 22 Mar 18:00']);
    await expect(
      screen.getByRole('button', { name: 'Edit temporary schedule Fri 20 Mar 18:00 – Mon 23 Mar 09:00' }),
    ).toBeVisible();
    await expect(
      screen.getByRole('button', { name: 'Remove temporary schedule Sat 28 Feb 09:00 – Mon 2 Mar 09:00' }),
    ).toBeVisible();
    await timeline(canvasElement, '9 – 15 Mar 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const week = await timeline(canvasElement, '16 – 22 Mar 2026');
    await expect(
      within(lane(week, 'Luis Soto')).getByRole('button', {
        name: 'Take this shift: Luis Soto, Fri 20 Mar 18:00 – Sat 21 Mar 18:00',
      }),
    ).toHaveTextContent('Temporary');
    await expect(
      within(lane(week, 'Carla Núñez')).getByRole('button', {
        name: 'Take this shift: Carla Núñez, Sat 21 Mar 18:00 – Sun 22 Mar 18:00',
      }),
    ).toHaveTextContent('Temporary');
    await expect(within(week).getByRole('list', { name: SCHEDULE_SCREEN_TEXTS.nobodyOnCall })).toHaveTextContent(
      'Nobody on call: Sun 22 Mar 18:00 – Mon 23 Mar 00:00',
    );
  },
};

/** No temporary schedule: the rotations decide; a Customer Root may add one. */
export const NoTemporarySchedules: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText(SCHEDULE_SCREEN_TEXTS.noTemporary)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Add temporary schedule' })).toBeVisible();
    await expect(screen.queryByRole('list', { name: 'Temporary schedules' })).toBeNull();
  },
};

/** docs/product.md#roles-and-permissions: a Customer reads the temporary schedules and changes none. */
export const CustomerReadsTemporarySchedules: Story = {
  args: { role: Role.Customer, options: { temporary: true } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const list = await screen.findByRole('list', { name: 'Temporary schedules' });
    await expect(list).toHaveTextContent('Luis SotoFri 20 Mar 18:00 – Sat 21 Mar 18:00');
    await expect(screen.queryByRole('button', { name: 'Add temporary schedule' })).toBeNull();
    await expect(screen.queryByRole('button', { name: /^Edit temporary schedule/ })).toBeNull();
    await expect(screen.queryByRole('button', { name: /^Remove temporary schedule/ })).toBeNull();
  },
};
