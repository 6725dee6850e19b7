import { STEP_MESSAGES, type EscalationStep } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyEscalationCalls, storySteps, type StoryEscalationOptions } from '../../testing/escalations';
import { dialogReady, expectSaving, storyBody as body } from '../../testing/story-dialogs';
import { StepModal } from './StepModal';

const STEPS = storySteps(3);

interface StepModalStoryProps {
  /** edit a fixture step: 0 agent with call again, 2 supervisor */
  editing?: number;
  options?: StoryEscalationOptions;
}

function StepModalStory({ editing, options = {} }: StepModalStoryProps) {
  const step: EscalationStep | null = editing === undefined ? null : STEPS[editing]!;
  return (
    <>
      <StepModal
        escalationId={1}
        step={step}
        calls={storyEscalationCalls(options)}
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
