import { ApiError } from '@relevo/api';
import { STEP_MESSAGES, type EscalationStep, type StepBody } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyEscalationCalls, storyStepsWithSchedule, type StoryEscalationOptions } from '../../testing/escalations';
import { dialogReady, expectProblem, expectSaving, storyBody as body } from '../../testing/story-dialogs';
import type { EscalationCalls } from './escalation-calls';
import { StepModal } from './StepModal';

const STEPS = storyStepsWithSchedule(3);

/** The bodies the story's saves sent, newest last (a play reads what went to the server). */
const sent: StepBody[] = [];

interface StepModalStoryProps {
  /** edit a fixture step: 0 agent with call again, 1 agent calling the schedule "Database on call", 2 supervisor */
  editing?: number;
  options?: StoryEscalationOptions;
  /** calls answered otherwise than the fixtures */
  calls?: Partial<EscalationCalls>;
}

function StepModalStory({ editing, options = {}, calls = {} }: StepModalStoryProps) {
  const step: EscalationStep | null = editing === undefined ? null : STEPS[editing]!;
  const fixtures = storyEscalationCalls(options);
  return (
    <>
      <StepModal
        escalationId={1}
        step={step}
        calls={{
          ...fixtures,
          createStep: (body) => {
            sent.push(body);
            return fixtures.createStep(body);
          },
          updateStep: (id, body) => {
            sent.push(body);
            return fixtures.updateStep(id, body);
          },
          ...calls,
        }}
        onSaved={() => undefined}
        onClose={() => undefined}
      />
      {/* a refused save's feedback shows as a toast */}
      <Toaster />
    </>
  );
}

const meta = { title: 'Screens/Escalations/Step modal', component: StepModalStory } satisfies Meta<
  typeof StepModalStory
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The step modal once its choices have loaded. */
async function stepDialogReady(canvasElement: HTMLElement) {
  const dialog = await dialogReady(canvasElement);
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Participation Type' })).toBeEnabled());
  return dialog;
}

async function choose(canvasElement: HTMLElement, dialog: HTMLElement, field: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await body(canvasElement).findByRole('option', { name: option }));
}

/** An agent on voice call for Ana Torres: valid with its default 15 minutes. */
async function agent(canvasElement: HTMLElement) {
  const dialog = await stepDialogReady(canvasElement);
  await choose(canvasElement, dialog, 'Participation Type', 'Agent');
  await choose(canvasElement, dialog, 'Channel', 'Voice call');
  await choose(canvasElement, dialog, 'Resource', 'Ana Torres');
  return dialog;
}

/** Types into a field and expects its message on the field's help tooltip (or none). */
async function typeAndExpect(dialog: HTMLElement, label: string, text: string, message: string | null) {
  const input = within(dialog).getByLabelText(label);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
  if (message) {
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByText(message, { exact: false })).toBeInTheDocument();
  }
  await expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', message !== null);
}

export const CreateEmpty: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
  },
};
export const RequiredIds: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await choose(canvasElement, dialog, 'Participation Type', 'Select Participation Type');
    await choose(canvasElement, dialog, 'Channel', 'Select Channel');
    await choose(canvasElement, dialog, 'Resource', 'Select Resource');
    for (const message of [
      STEP_MESSAGES.participationTypeRequired,
      STEP_MESSAGES.channelRequired,
      STEP_MESSAGES.resourceRequired,
    ]) {
      await expect(within(dialog).getByText(message, { exact: false })).toBeInTheDocument();
    }
  },
};
export const AgentDefault: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await expect(within(dialog).getByLabelText('Next Follow Up Time')).toHaveValue('15');
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};
export const Supervisor: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await choose(canvasElement, dialog, 'Participation Type', 'Supervisor');
    await expect(within(dialog).queryByLabelText('Next Follow Up Time')).toBeNull();
    await expect(within(dialog).queryByRole('combobox', { name: 'Follow Up Time Type' })).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};
export const CallAgainOn: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Call Again' }));
    await expect(within(dialog).getByLabelText('Max Attempt Recall')).toHaveValue('1');
  },
};
export const CallAgainOff: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await expect(within(dialog).queryByLabelText('Max Attempt Recall')).toBeNull();
  },
};
export const MaxAttemptsRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Call Again' }));
    await typeAndExpect(dialog, 'Max Attempt Recall', '', STEP_MESSAGES.maxAttemptsRequired);
  },
};
export const MaxAttemptsBelowOne: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Call Again' }));
    await typeAndExpect(dialog, 'Max Attempt Recall', '0', STEP_MESSAGES.maxAttemptsMin);
  },
};
export const MaxAttemptsAboveFive: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Call Again' }));
    await typeAndExpect(dialog, 'Max Attempt Recall', '6', STEP_MESSAGES.maxAttemptsMax);
  },
};
export const FollowUpRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await typeAndExpect(dialog, 'Next Follow Up Time', '', STEP_MESSAGES.followUpRequired);
  },
};
export const FollowUpBelow15Minutes: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await typeAndExpect(dialog, 'Next Follow Up Time', '14', 'Next Follow Up Time must be at least 15');
  },
};
export const FollowUpAbove1440Minutes: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await typeAndExpect(dialog, 'Next Follow Up Time', '1441', 'Next Follow Up Time cannot exceed 1440');
  },
};
export const FollowUpBelowOneHour: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await choose(canvasElement, dialog, 'Follow Up Time Type', 'Hours');
    await typeAndExpect(dialog, 'Next Follow Up Time', '0', 'Next Follow Up Time must be at least 1');
  },
};
export const FollowUpAbove24Hours: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await agent(canvasElement);
    await choose(canvasElement, dialog, 'Follow Up Time Type', 'Hours');
    await typeAndExpect(dialog, 'Next Follow Up Time', '25', 'Next Follow Up Time cannot exceed 24');
  },
};
export const EditAgentWithCallAgain: Story = {
  args: { editing: 0 },
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await expect(within(dialog).getByLabelText('Max Attempt Recall')).toHaveValue('2');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};
export const EditSupervisor: Story = { args: { editing: 2 } };
export const Saving: Story = {
  args: { editing: 0, options: { saving: true } },
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};
/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open. */
export const SaveFailed: Story = {
  args: { editing: 0, options: { saveFailed: true } },
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
  },
};
export const RefusedBySave: Story = {
  args: { editing: 0, options: { refusedStep: 'The resource has no phone for a voice call' } },
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('The resource has no phone for a voice call'),
    ).toBeInTheDocument();
  },
};

/** docs/product.md#escalation-steps: "Calls" Schedule shows the Schedule select instead of the Resource one. */
async function callSchedule(canvasElement: HTMLElement) {
  sent.length = 0;
  const dialog = await agent(canvasElement);
  const calls = within(dialog).getByRole('group', { name: 'Calls' });
  await expect(within(calls).getByRole('radio', { name: 'Resource' })).toBeChecked();
  await userEvent.click(within(calls).getByRole('radio', { name: 'Schedule' }));
  await expect(within(calls).getByRole('radio', { name: 'Schedule' })).toBeChecked();
  await expect(within(dialog).queryByRole('combobox', { name: 'Resource' })).toBeNull();
  return dialog;
}

/** A new step calling whoever is on call in "Database on call": only the schedule is sent. */
export const CreateCallsSchedule: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await callSchedule(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await choose(canvasElement, dialog, 'Schedule', 'Database on call');
    await expect(within(dialog).getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Database on call');
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ resource_id: null, schedule_id: 21 }));
  },
};

/** Back to Resource: the Resource select returns, cleared, and the schedule is no longer chosen. */
export const CallsBackToResource: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await callSchedule(canvasElement);
    await choose(canvasElement, dialog, 'Schedule', 'Front desk');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Resource' }));
    await expect(within(dialog).queryByRole('combobox', { name: 'Schedule' })).toBeNull();
    await expect(within(dialog).getByRole('combobox', { name: 'Resource' })).toHaveTextContent('Select Resource');
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

export const ScheduleRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await callSchedule(canvasElement);
    await choose(canvasElement, dialog, 'Schedule', 'Front desk');
    await choose(canvasElement, dialog, 'Schedule', 'Select Schedule');
    await expect(within(dialog).getByRole('combobox', { name: 'Schedule' })).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Schedule', STEP_MESSAGES.scheduleRequired);
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** A stored step that calls a schedule opens with Schedule chosen and its schedule selected. */
export const EditCallsSchedule: Story = {
  args: { editing: 1 },
  play: async ({ canvasElement }) => {
    sent.length = 0;
    const dialog = await stepDialogReady(canvasElement);
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole('radio', { name: 'Schedule' })).toBeChecked();
    await expect(within(dialog).getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Database on call');
    await expect(within(dialog).queryByRole('combobox', { name: 'Resource' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ resource_id: null, schedule_id: 21 }));
  },
};

/** The server's 422 on the schedule (made inactive meanwhile) shows on the Schedule select. */
export const ScheduleRefusedByServer: Story = {
  args: {
    editing: 1,
    calls: {
      updateStep: () =>
        Promise.reject(
          new ApiError(422, {
            detail: [{ loc: ['body', 'schedule_id'], msg: 'The schedule is inactive: choose an active one' }],
          }),
        ),
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await stepDialogReady(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Schedule' })).toHaveAttribute('aria-invalid', 'true'),
    );
    await expectProblem(canvasElement, dialog, 'Schedule', 'The schedule is inactive: choose an active one');
  },
};
