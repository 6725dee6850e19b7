import { Role, SCHEDULE_FORM_MESSAGES, SCHEDULE_MESSAGES, SCHEDULE_SCREEN_TEXTS } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyScheduleCalls, type StoryScheduleOptions } from '../../testing/schedules';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { dialogReady, expectProblem, expectSaving, storyBody as body } from '../../testing/story-dialogs';

/** A schedule's page (America/New_York, the viewer in Europe/Madrid) as a Customer Root, where the window opens. */
function TemporaryScheduleModal({ options = {} }: { options?: StoryScheduleOptions }) {
  const [calls] = useState(() => storyScheduleCalls(options));
  return (
    <StoryApp
      routes={routes}
      at="/schedules/1"
      user={storyUser(Role.CustomerRoot)}
      services={{ scheduleCalls: calls }}
    />
  );
}

export default {
  title: 'Screens/Schedules/Temporary schedule modal',
  ...screenMeta(TemporaryScheduleModal),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof TemporaryScheduleModal>;

/** The fixture's weekend of 20 March, as the page names it in the schedule's zone. */
const WEEKEND = 'Fri 20 Mar 18:00 – Mon 23 Mar 09:00';

async function openNew(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Add temporary schedule' }));
  return dialogReady(canvasElement, 'Add temporary schedule');
}

async function openEdit(canvasElement: HTMLElement, period: string) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: `Edit temporary schedule ${period}` }));
  return dialogReady(canvasElement, `Edit temporary schedule ${period}`);
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

const choose = (dialog: HTMLElement, label: string, name: string) =>
  userEvent.selectOptions(within(dialog).getByRole('combobox', { name: label }), name);

/**
 * A new temporary schedule: a day from the next full hour, typed in the schedule's zone with the
 * viewer's beside each time, and one shift over all of it, nobody chosen yet.
 */
export const New: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    const period = within(dialog).getByRole('group', { name: 'Period' });
    await expect(period).toHaveAccessibleDescription("Times in the schedule's zone (America/New_York).");
    await expect(within(period).getByLabelText('Start')).toHaveValue('2026-03-11T15:00');
    await expect(within(period).getByLabelText('End')).toHaveValue('2026-03-12T15:00');
    await expect(within(period).getByLabelText('Start')).toHaveAccessibleDescription(
      '= 20:00 in your zone (Europe/Madrid)',
    );
    const shift = within(dialog).getByRole('group', { name: 'Shift 1' });
    await expect(within(shift).getByRole('combobox', { name: 'Shift 1 person' })).toHaveDisplayValue(
      'Choose who is on call',
    );
    await expect(within(shift).getByLabelText('Shift 1 start')).toHaveValue('2026-03-11T15:00');
    await expect(within(shift).getByLabelText('Shift 1 end')).toHaveValue('2026-03-12T15:00');
    await expect(within(shift).getByLabelText('Shift 1 end')).toHaveAccessibleDescription(
      '= 20:00 in your zone (Europe/Madrid)',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add shift' })).toBeVisible());
  },
};

/**
 * Three days, Marta then Luis, each "Add shift" proposing the next stretch (as long as the last,
 * cut at the period's end), the third removed: saved, the list shows it under way and the
 * timeline its shifts marked Temporary, Carla's override still on top and the gap it leaves.
 */
export const AddWithShifts: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    type(dialog, 'End', '2026-03-14T15:00');
    await choose(dialog, 'Shift 1 person', 'Marta Ruiz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await expect(within(dialog).getByLabelText('Shift 2 start')).toHaveValue('2026-03-12T15:00');
    await expect(within(dialog).getByLabelText('Shift 2 end')).toHaveValue('2026-03-13T15:00');
    await choose(dialog, 'Shift 2 person', 'Luis Soto');
    type(dialog, 'Shift 2 end', '2026-03-13T21:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await expect(within(dialog).getByLabelText('Shift 3 start')).toHaveValue('2026-03-13T21:00');
    await expect(within(dialog).getByLabelText('Shift 3 end')).toHaveValue('2026-03-14T15:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove shift 3' }));
    await expect(within(dialog).queryByRole('group', { name: 'Shift 3' })).toBeNull();
    type(dialog, 'Shift 2 end', '2026-03-13T15:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.temporarySaved)).toBeVisible());
    const list = await screen.findByRole('list', { name: 'Temporary schedules' });
    await expect(
      within(list).getByRole('heading', { level: 3, name: 'Under way Wed 11 Mar 15:00 – Sat 14 Mar 15:00' }),
    ).toBeVisible();
    await expect(
      within(
        within(list).getByRole('list', {
          name: 'Shifts of the temporary schedule Wed 11 Mar 15:00 – Sat 14 Mar 15:00',
        }),
      )
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Marta RuizWed 11 Mar 15:00 – Thu 12 Mar 15:00', 'Luis SotoThu 12 Mar 15:00 – Fri 13 Mar 15:00']);
    await waitFor(() =>
      expect(screen.getByText('On call now').nextElementSibling).toHaveTextContent('Marta Ruiz until Thu 12 Mar 15:00'),
    );

    const week = await screen.findByRole('region', { name: 'Shifts, 9 – 15 Mar 2026' });
    const bar = (name: string) => within(week).getByRole('button', { name: `Take this shift: ${name}` });
    await waitFor(() => expect(bar('Marta Ruiz, Wed 11 Mar 15:00 – Thu 12 Mar 15:00')).toHaveTextContent('Temporary'));
    await expect(bar('Luis Soto, Thu 12 Mar 15:00 – Thu 12 Mar 18:00')).toHaveTextContent('Temporary');
    // the override still applies over the temporary schedule
    await expect(bar('Carla Núñez, Thu 12 Mar 18:00 – Fri 13 Mar 08:00')).toHaveTextContent('Override');
    await expect(bar('Luis Soto, Fri 13 Mar 08:00 – Fri 13 Mar 15:00')).toHaveTextContent('Temporary');
    await expect(within(week).getByRole('list', { name: SCHEDULE_SCREEN_TEXTS.nobodyOnCall })).toHaveTextContent(
      'Nobody on call: Fri 13 Mar 15:00 – Sat 14 Mar 15:00',
    );
  },
};

/** Editing: the period and each shift as saved, in the schedule's zone. */
export const Edit: Story = {
  args: { options: { temporary: true } },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, WEEKEND);
    const period = within(dialog).getByRole('group', { name: 'Period' });
    await expect(within(period).getByLabelText('Start')).toHaveValue('2026-03-20T18:00');
    await expect(within(period).getByLabelText('End')).toHaveValue('2026-03-23T09:00');
    await expect(within(period).getByLabelText('Start')).toHaveAccessibleDescription(
      '= 23:00 in your zone (Europe/Madrid)',
    );
    await expect(within(dialog).getByRole('combobox', { name: 'Shift 1 person' })).toHaveDisplayValue('Luis Soto');
    await expect(within(dialog).getByLabelText('Shift 1 start')).toHaveValue('2026-03-20T18:00');
    await expect(within(dialog).getByLabelText('Shift 1 end')).toHaveValue('2026-03-21T18:00');
    await expect(within(dialog).getByRole('combobox', { name: 'Shift 2 person' })).toHaveDisplayValue('Carla Núñez');
    await expect(within(dialog).getByLabelText('Shift 2 end')).toHaveValue('2026-03-22T18:00');
    await expect(within(dialog).queryByRole('group', { name: 'Shift 3' })).toBeNull();
  },
};

/**
 * Each rule on its own field: a shift with nobody, a shift ending after the period (the contract's
 * message on that very time), a period ending before it starts; nothing saved.
 */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Shift 1 person' })).toHaveAttribute('aria-invalid', 'true'),
    );
    await expectProblem(canvasElement, dialog, 'Shift 1 person', SCHEDULE_FORM_MESSAGES.personRequired);
    type(dialog, 'Shift 1 end', '2026-03-12T16:00');
    await expect(within(dialog).getByLabelText('Shift 1 end')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Shift 1 end', SCHEDULE_MESSAGES.temporaryShiftOutside);
    type(dialog, 'End', '2026-03-11T14:00');
    await expect(within(dialog).getByLabelText('End')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'End', SCHEDULE_MESSAGES.endAfterStart);
    await expect(body(canvasElement).queryByText(SCHEDULE_SCREEN_TEXTS.temporarySaved)).toBeNull();
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** A period over the weekend's temporary schedule: "Temporary schedules must not overlap" on its start. */
export const Overlap: Story = {
  args: { options: { temporary: true } },
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    type(dialog, 'Start', '2026-03-21T09:00');
    type(dialog, 'End', '2026-03-22T09:00');
    type(dialog, 'Shift 1 start', '2026-03-21T09:00');
    type(dialog, 'Shift 1 end', '2026-03-22T09:00');
    await choose(dialog, 'Shift 1 person', 'Pedro Gómez');
    await expect(within(dialog).getByLabelText('Start')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Start', SCHEDULE_MESSAGES.temporaryOverlap);
    // moved after it, it is saved
    type(dialog, 'Start', '2026-03-23T09:00');
    type(dialog, 'End', '2026-03-24T09:00');
    type(dialog, 'Shift 1 end', '2026-03-24T09:00');
    type(dialog, 'Shift 1 start', '2026-03-23T09:00');
    await expect(within(dialog).getByLabelText('Start')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.temporarySaved)).toBeVisible());
    await expect(
      await screen.findByRole('heading', { level: 3, name: 'Mon 23 Mar 09:00 – Tue 24 Mar 09:00' }),
    ).toBeVisible();
  },
};

/**
 * The server refuses the PUT with a 422 on the first shift's person (deactivated meanwhile): the
 * message shows on that field, the window stays open, and choosing another person clears it.
 */
export const ServerFieldErrors: Story = {
  args: { options: { temporary: true, save: { refuseTemporary: 1 } } },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, WEEKEND);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const person = within(dialog).getByRole('combobox', { name: 'Shift 1 person' });
    await waitFor(() => expect(person).toHaveAttribute('aria-invalid', 'true'));
    await expectProblem(canvasElement, dialog, 'Shift 1 person', SCHEDULE_MESSAGES.participantNotFound);
    await expect(within(dialog).getByRole('combobox', { name: 'Shift 2 person' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await choose(dialog, 'Shift 1 person', 'Pedro Gómez');
    await expect(person).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { options: { temporary: true, save: 'saving' } },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, WEEKEND);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** Removing a temporary schedule asks first; the rotations are on call over its period again. */
export const Removed: Story = {
  args: { options: { temporary: true } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: `Remove temporary schedule ${WEEKEND}` }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(SCHEDULE_SCREEN_TEXTS.confirmRemoveTemporary);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.temporaryRemoved)).toBeVisible());
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Remove temporary schedule ${WEEKEND}` })).toBeNull(),
    );
    // the one over stays listed until removed
    await expect(
      screen.getByRole('button', { name: 'Remove temporary schedule Sat 28 Feb 09:00 – Mon 2 Mar 09:00' }),
    ).toBeVisible();
    await screen.findByRole('region', { name: 'Shifts, 9 – 15 Mar 2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = await screen.findByRole('region', { name: 'Shifts, 16 – 22 Mar 2026' });
    await expect(within(next).queryByRole('list', { name: 'Shifts of Carla Núñez' })).toBeNull();
    await expect(
      within(within(next).getByRole('list', { name: 'Shifts of Marta Ruiz' })).getByRole('button', {
        name: 'Take this shift: Marta Ruiz, Fri 20 Mar 17:00 – Mon 23 Mar 00:00',
      }),
    ).toBeVisible();
  },
};
