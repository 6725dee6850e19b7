import { ESCALATION_INVALID_WARNING, Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { routes } from '../../routes';
import {
  storyEscalationCalls,
  storySteps,
  storyStepsWithSchedule,
  type StoryEscalationOptions,
} from '../../testing/escalations';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  dialogReady,
  expectProblem,
  expectSaving,
  playOffersReload,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

/** The real route table signed in as a customer user, with fixture escalation calls. */
function Escalations({
  role = Role.CustomerRoot,
  at = '/escalations',
  options = {},
}: {
  role?: RoleId;
  at?: string;
  options?: StoryEscalationOptions;
}) {
  return (
    <StoryApp
      routes={routes}
      at={at}
      user={storyUser(role)}
      services={{ escalationCalls: storyEscalationCalls(options) }}
    />
  );
}

export default { title: 'Screens/Escalations', ...screenMeta(Escalations) };
type Story = StoryObj<typeof Escalations>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText('Show 1 to 10 of 12 records')).toBeVisible();
    // 'Payments outage' cannot run: its row carries the warning
    await expect(screen.getAllByRole('img', { name: ESCALATION_INVALID_WARNING }).length).toBeGreaterThan(0);
  },
};
export const ResourcesOnHover: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.hover(await screen.findByRole('button', { name: 'Database on call' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Marta Ruiz');
  },
};
export const InvalidWarning: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const [warning] = await screen.findAllByRole('img', { name: ESCALATION_INVALID_WARNING });
    warning!.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(ESCALATION_INVALID_WARNING);
  },
};
export const Empty: Story = {
  args: { options: { escalations: [] } },
  play: playShowsText('No escalations found. Please add some escalations.'),
};
export const Loading: Story = { args: { options: { list: 'loading' } } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { options: { list: 'failed' } }, play: playOffersReload };
export const CustomerReadOnly: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByText('Night shift');
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Edit Night shift' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Show resources of Night shift' })).toBeVisible();
  },
};
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Create' }));
    const dialog = await dialogReady(canvasElement, 'Create Escalation');
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
  },
};
export const CreateNameRequired: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Create' }));
    const dialog = await dialogReady(canvasElement, 'Create Escalation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Name', 'Name is required');
  },
};
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Payments outage' }));
    const dialog = await dialogReady(canvasElement, 'Edit Escalation');
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Payments outage');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};
export const Saving: Story = {
  args: { options: { saving: true } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Night shift' }));
    const dialog = await dialogReady(canvasElement, 'Edit Escalation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open. */
export const SaveFailed: Story = {
  args: { options: { saveFailed: true } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Night shift' }));
    const dialog = await dialogReady(canvasElement, 'Edit Escalation');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Night shift');
  },
};
export const DeleteInUse: Story = {
  args: { options: { inUse: true } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Night shift' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    // the toast and its screen-reader announcement both hold the text
    await expect(await screen.findAllByText(/used by the module Checkout/)).not.toHaveLength(0);
  },
};

export const StepsValid: Story = {
  args: { at: '/escalation/1/resources' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Escalation Resources of Night shift' })).toBeVisible();
    await expect(screen.queryByText(ESCALATION_INVALID_WARNING)).toBeNull();
  },
};
export const StepsInvalid: Story = {
  args: { at: '/escalation/2/resources' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(ESCALATION_INVALID_WARNING)).toBeVisible();
  },
};
export const StepsEmpty: Story = {
  args: { at: '/escalation/4/resources', options: { steps: [] } },
  play: playShowsText('No escalations found. Please add some escalations.'),
};
export const StepsLoading: Story = { args: { at: '/escalation/1/resources', options: { stepsList: 'loading' } } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const StepsLoadFailed: Story = {
  args: { at: '/escalation/1/resources', options: { stepsList: 'failed' } },
  play: playOffersReload,
};
export const StepsCustomerReadOnly: Story = {
  args: { at: '/escalation/1/resources', role: Role.Customer },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByText('Marta Ruiz');
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Priority' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
  },
};
export const StepsPriorityModal: Story = {
  args: { at: '/escalation/1/resources' },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Priority' }));
    const dialog = await dialogReady(canvasElement, 'Priority');
    await expect(await within(dialog).findAllByTestId('sortable-item')).toHaveLength(3);
  },
};
export const StepsDeleteInUse: Story = {
  args: { at: '/escalation/1/resources', options: { inUse: true, steps: storySteps(3) } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete step 1 (Ana Torres)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    // the toast and its screen-reader announcement both hold the text
    await expect(await screen.findAllByText(/last step of an escalation used by a module/)).not.toHaveLength(0);
  },
};

/** docs/product.md#escalation-steps: a step that calls a schedule names it in the Resource column, "On call: <schedule>". */
export const StepsWithSchedule: Story = {
  args: { at: '/escalation/1/resources', options: { steps: storyStepsWithSchedule(3) } },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const table = await screen.findByRole('table', { name: 'Escalation Resources of Night shift' });
    const row = (await within(table).findByText('On call: Database on call')).closest('tr')!;
    await expect(row).toHaveTextContent('SMS');
    await expect(within(row).getByRole('button', { name: 'Edit step 2 (On call: Database on call)' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Priority' }));
    const dialog = await dialogReady(canvasElement, 'Priority');
    await expect(await within(dialog).findByText('On call: Database on call')).toBeInTheDocument();
  },
};
