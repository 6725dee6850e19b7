import { Role, SCHEDULE_MESSAGES, SCHEDULE_SCREEN_TEXTS } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyScheduleCalls, type StoryScheduleOptions } from '../../testing/schedules';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { dialogReady, expectProblem, expectSaving, storyBody as body } from '../../testing/story-dialogs';

/** A schedule's page as a Customer Root, where the rotation window opens. */
function RotationModal({ options = {} }: { options?: StoryScheduleOptions }) {
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
  title: 'Screens/Schedules/Rotation modal',
  ...screenMeta(RotationModal),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof RotationModal>;

async function openNew(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Add rotation' }));
  return dialogReady(canvasElement, 'Add rotation');
}

async function openEdit(canvasElement: HTMLElement, name: string) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: `Edit rotation ${name}` }));
  return dialogReady(canvasElement, `Edit rotation ${name}`);
}

async function addParticipant(dialog: HTMLElement, name: string) {
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Participants' }), name);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add participant' }));
}

const participants = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Participants' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.rl-ordered-field__text')?.textContent);

/** A new rotation: weekly, handed over at 09:00, from today in the schedule's zone, nobody yet. */
export const New: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    await expect(within(dialog).getByLabelText('Shift length')).toHaveValue('1');
    await expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('Weeks');
    await expect(within(dialog).getByLabelText('Handoff time')).toHaveValue('09:00');
    await expect(within(dialog).getByLabelText('Start date')).toHaveValue('2026-03-11');
    await waitFor(() => expect(within(dialog).getByText('Nobody yet: add the people who take turns.')).toBeVisible());
    await expect(dialog).toHaveTextContent("Times are in the schedule's zone, America/New_York.");
  },
};

/**
 * A weekly rotation of three, ordered from the keyboard (Move up keeps the focus on the moved
 * person), saved: the toast, and the rotation on top of the others with its people in that order.
 */
export const AddWeeklyRotationOfThree: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nights');
    for (const name of ['Ana Torres', 'Luis Soto', 'Marta Ruiz']) await addParticipant(dialog, name);
    await expect(participants(dialog)).toEqual(['Ana Torres', 'Luis Soto', 'Marta Ruiz']);
    within(dialog).getByRole('button', { name: 'Move Marta Ruiz up' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(participants(dialog)).toEqual(['Ana Torres', 'Marta Ruiz', 'Luis Soto']);
    await expect(within(dialog).getByRole('button', { name: 'Move Marta Ruiz up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(participants(dialog)).toEqual(['Marta Ruiz', 'Ana Torres', 'Luis Soto']);
    await expect(within(dialog).getByRole('button', { name: 'Move Marta Ruiz up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.rotationSaved)).toBeVisible());
    const people = await screen.findByRole('list', { name: 'Participants of Nights, in order' });
    await expect(
      within(people)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Marta Ruiz', 'Ana Torres', 'Luis Soto']);
    await expect(screen.getByRole('heading', { level: 3, name: 'Layer 3 Nights' })).toBeVisible();
  },
};

/** Editing: what was saved, its window of the week included. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Business hours');
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Business hours');
    await expect(participants(dialog)).toEqual(['Pedro Gómez']);
    await expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveDisplayValue('Days');
    const window = within(dialog).getByRole('group', { name: 'Window 1' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await expect(within(window).getByRole('checkbox', { name: day })).toBeChecked();
    await expect(within(window).getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
    await expect(within(window).getByLabelText('Window 1 from')).toHaveValue('09:00');
    await expect(within(window).getByLabelText('Window 1 to')).toHaveValue('17:00');
  },
};

/** Nobody in the rotation: the contract's message on the Participants field. */
export const ParticipantsRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByRole('combobox', { name: 'Participants' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectProblem(canvasElement, dialog, 'Participants', SCHEDULE_MESSAGES.participantsRequired);
  },
};

/** A window with no day, then a shift longer than its unit allows: each message on its own field. */
export const RestrictionErrors: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openNew(canvasElement);
    await addParticipant(dialog, 'Ana Torres');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add window' }));
    const window = within(dialog).getByRole('group', { name: 'Window 1' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await userEvent.click(within(window).getByRole('checkbox', { name: day }));
    const length = within(dialog).getByLabelText('Shift length');
    await userEvent.clear(length);
    await userEvent.type(length, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(window).getByText(SCHEDULE_MESSAGES.restrictionDays)).toBeVisible());
    await expect(within(window).getByRole('group', { name: 'Window 1 days' })).toHaveAccessibleDescription(
      SCHEDULE_MESSAGES.restrictionDays,
    );
    // the length is checked against its unit once the rest of the rotation reads right
    await userEvent.click(within(window).getByRole('checkbox', { name: 'Sat' }));
    await expect(within(window).queryByText(SCHEDULE_MESSAGES.restrictionDays)).toBeNull();
    await expect(length).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Shift length', SCHEDULE_MESSAGES.shiftLengthMax('W'));
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** The server refuses the PUT with a 422 on this rotation's participants: the message shows on that field. */
export const ServerFieldErrors: Story = {
  args: { options: { save: { refuseRotation: 0 } } },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Participants' })).toHaveAttribute('aria-invalid', 'true'),
    );
    await expectProblem(canvasElement, dialog, 'Participants', SCHEDULE_MESSAGES.participantNotFound);
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { options: { save: 'saving' } },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** Removing a rotation asks first; its lane leaves the timeline. */
export const Removed: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove rotation Business hours' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(SCHEDULE_SCREEN_TEXTS.confirmRemoveRotation);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.rotationRemoved)).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: /Business hours/ })).toBeNull());
    const week = await screen.findByRole('region', { name: 'Shifts, 9 – 15 Mar 2026' });
    await waitFor(() => expect(within(week).queryByRole('list', { name: 'Shifts of Pedro Gómez' })).toBeNull());
  },
};
