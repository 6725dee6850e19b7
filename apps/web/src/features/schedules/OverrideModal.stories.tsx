import { Role, SCHEDULE_MESSAGES, SCHEDULE_SCREEN_TEXTS, type RoleId } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyScheduleCalls, type StoryScheduleOptions } from '../../testing/schedules';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { dialogReady, expectProblem, storyBody as body } from '../../testing/story-dialogs';

/** A schedule's page (America/New_York, the viewer in Europe/Madrid), where the override windows open. */
function OverrideModal({ role = Role.CustomerRoot, options = {} }: { role?: RoleId; options?: StoryScheduleOptions }) {
  const [calls] = useState(() => storyScheduleCalls(options));
  return <StoryApp routes={routes} at="/schedules/1" user={storyUser(role)} services={{ scheduleCalls: calls }} />;
}

export default {
  title: 'Screens/Schedules/Override modal',
  ...screenMeta(OverrideModal),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof OverrideModal>;

const LUIS_TONIGHT = 'Take this shift: Luis Soto, Wed 11 Mar 17:00 – Thu 12 Mar 09:00';

async function openAdd(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Add override' }));
  return dialogReady(canvasElement, 'Add override');
}

async function openTake(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: LUIS_TONIGHT }, { timeout: 3000 }));
  return dialogReady(canvasElement, 'Take this shift');
}

/**
 * "Add override": the signed-in user's own resource, from the next full hour for an hour, typed
 * in the schedule's zone with the viewer's zone beside each time.
 */
export const AddOverride: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await expect(within(dialog).getByRole('combobox', { name: 'Person on call' })).toHaveDisplayValue('Carlos Méndez');
    const when = within(dialog).getByRole('group', { name: 'When' });
    await expect(when).toHaveAccessibleDescription("Times in the schedule's zone (America/New_York).");
    await expect(within(when).getByLabelText('Start')).toHaveValue('2026-03-11T15:00');
    await expect(within(when).getByLabelText('End')).toHaveValue('2026-03-11T16:00');
    await expect(within(when).getByLabelText('Start')).toHaveAccessibleDescription(
      '= 20:00 in your zone (Europe/Madrid)',
    );
    await expect(within(when).getByLabelText('End')).toHaveAccessibleDescription(
      '= 21:00 in your zone (Europe/Madrid)',
    );
  },
};

/** An override saved: the toast, the list of overrides, and its lane in the timeline. */
export const OverrideSaved: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Person on call' }), 'Marta Ruiz');
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2026-03-14T08:00' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2026-03-14T20:00' } });
    await expect(within(dialog).getByLabelText('End')).toHaveAccessibleDescription(
      '= Sun 15 Mar 01:00 in your zone (Europe/Madrid)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.overrideAdded)).toBeVisible());
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Upcoming overrides' })).toHaveTextContent(
        'Marta RuizSat 14 Mar 08:00 – Sat 14 Mar 20:00',
      ),
    );
    const week = await screen.findByRole('region', { name: 'Shifts, 9 – 15 Mar 2026' });
    await expect(
      within(within(week).getByRole('list', { name: 'Shifts of Marta Ruiz' })).getByRole('button', {
        name: 'Take this shift: Marta Ruiz, Sat 14 Mar 08:00 – Sat 14 Mar 20:00',
      }),
    ).toHaveTextContent('Override');
  },
};

/**
 * "Take this shift" on Luis's shift tonight: the shift's stretch, the signed-in Customer Root's own
 * resource; saved, the shift is theirs.
 */
export const TakeThisShift: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openTake(canvasElement);
    await expect(dialog).toHaveTextContent('Luis Soto is on call Wed 11 Mar 17:00 – Thu 12 Mar 09:00');
    await expect(within(dialog).getByRole('combobox', { name: 'Person on call' })).toHaveDisplayValue('Carlos Méndez');
    await expect(within(dialog).getByLabelText('Start')).toHaveValue('2026-03-11T17:00');
    await expect(within(dialog).getByLabelText('End')).toHaveValue('2026-03-12T09:00');
    await expect(within(dialog).getByLabelText('Start')).toHaveAccessibleDescription(
      '= 22:00 in your zone (Europe/Madrid)',
    );
    await expect(within(dialog).getByLabelText('End')).toHaveAccessibleDescription(
      '= 14:00 in your zone (Europe/Madrid)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.overrideAdded)).toBeVisible());
    const week = await screen.findByRole('region', { name: 'Shifts, 9 – 15 Mar 2026' });
    await expect(
      within(week).getByRole('button', { name: 'Take this shift: Carlos Méndez, Wed 11 Mar 17:00 – Thu 12 Mar 09:00' }),
    ).toHaveTextContent('Override');
  },
};

/** A Customer takes a shift: their own resource (found by their e-mail) is chosen. */
export const TakeThisShiftAsCustomer: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const dialog = await openTake(canvasElement);
    await expect(within(dialog).getByRole('combobox', { name: 'Person on call' })).toHaveDisplayValue('Ana Torres');
  },
};

/** An end before the start: the contract's message on End, and nothing saved. */
export const EndBeforeStart: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openTake(canvasElement);
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2026-03-11T12:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('End')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'End', SCHEDULE_MESSAGES.endAfterStart);
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** The server's 422 on the end: shown on the End field, the window stays open. */
export const ServerFieldErrors: Story = {
  args: { options: { overrideRefused: true } },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('End')).toHaveAttribute('aria-invalid', 'true'));
    await expectProblem(canvasElement, dialog, 'End', SCHEDULE_MESSAGES.rangeTooLong);
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
