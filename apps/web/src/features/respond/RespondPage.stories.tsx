import { ApiError } from '@relevo/api';
import { RESPONDER_MESSAGES, responderMachine, type ResponderView } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { PUSH_DEVICES, PUSH_PLAYS, type PushDeviceFixture } from '../../testing/push-devices';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { RespondPage } from './RespondPage';

const OPEN: ResponderView = {
  case_id: 'K7QW2M9P',
  incident: 'Checkout errors above 5%',
  description: 'The payment provider answers 502 to one request in twenty.',
  event_status: 'open',
  resource: 'Carlos Méndez',
  accepted_by: null,
  can_accept: true,
  can_resolve: true,
};
const PROGRESS: ResponderView = { ...OPEN, event_status: 'progress', accepted_by: 'Carlos Méndez', can_accept: false };
const COMPLETED: ResponderView = { ...PROGRESS, event_status: 'completed', can_resolve: false };

/** The page's machine with fixture answers: each action answers the next state of the event, unless the story gives its own. */
function fixture(load: () => Promise<ResponderView>, accept: () => Promise<ResponderView> = async () => PROGRESS) {
  return responderMachine.provide({
    actors: {
      load: fromPromise(load),
      accept: fromPromise(accept),
      resolve: fromPromise(async () => COMPLETED),
    },
  });
}

interface RespondProps {
  load: () => Promise<ResponderView>;
  accept?: () => Promise<ResponderView>;
  /** this device for "Notify me on this device" (not subscribed unless the story says) */
  push?: PushDeviceFixture;
}

function Respond({ load, accept, push = 'notSubscribed' }: RespondProps) {
  return (
    <StoryApp
      at="/respond/token"
      routes={[{ path: '/respond/:token', element: <RespondPage machine={fixture(load, accept)} /> }]}
      services={{ responderPushDevice: () => PUSH_DEVICES[push]() }}
    />
  );
}

export default { title: 'Screens/Responder page', ...screenMeta(Respond) };
type Story = StoryObj<typeof Respond>;

export const Open: Story = {
  args: { load: async () => OPEN },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Incident K7QW2M9P' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Resolve' })).toBeEnabled();
  },
};

export const AcceptThenResolve: Story = {
  args: { load: async () => OPEN },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByText(RESPONDER_MESSAGES.accepted)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Resolve' }));
    await expect(await canvas.findByText(RESPONDER_MESSAGES.resolved)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).toBeNull();
  },
};

export const Loading: Story = { args: { load: never } };

export const Closed: Story = {
  args: { load: () => Promise.reject(new ApiError(410, { detail: RESPONDER_MESSAGES.closed })) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(RESPONDER_MESSAGES.closed)).toBeVisible();
  },
};

/** A link whose token is not valid (tampered, or of another environment). */
export const InvalidLink: Story = {
  args: { load: () => Promise.reject(new ApiError(404, { detail: RESPONDER_MESSAGES.invalidLink })) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(RESPONDER_MESSAGES.invalidLink);
    await expect(within(canvasElement).queryByRole('button', { name: 'Accept' })).toBeNull();
  },
};

/** Someone already accepted: only Resolve is offered. */
export const InProgress: Story = {
  args: { load: async () => PROGRESS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Resolve' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
  },
};

/** Accept sent, no answer yet: both buttons wait. */
export const Accepting: Story = {
  args: { load: async () => OPEN, accept: never },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }));
    await expect(canvas.getByRole('button', { name: 'Accept' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Resolve' })).toBeDisabled();
  },
};

/** The server could not take the acceptance: its message, and Try again. */
export const AcceptFailed: Story = {
  args: { load: async () => OPEN, accept: () => Promise.reject(new ApiError(500, null)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Accept' }));
    await expect(await canvas.findByText('We have some problems please contact support')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * "Notify me on this device" (docs/product.md#push-notifications), below the incident while it is
 * open or in progress: each state of the device, the same control as the profile's.
 */
export const PushNotSubscribed: Story = {
  args: { load: async () => OPEN, push: 'notSubscribed' },
  play: PUSH_PLAYS.notSubscribed,
};
export const PushSubscribed: Story = {
  args: { load: async () => PROGRESS, push: 'subscribed' },
  play: PUSH_PLAYS.subscribed,
};
export const PushDenied: Story = { args: { load: async () => OPEN, push: 'denied' }, play: PUSH_PLAYS.denied };
export const PushUnsupported: Story = {
  args: { load: async () => OPEN, push: 'unsupported' },
  play: PUSH_PLAYS.unsupported,
};
export const PushWorking: Story = { args: { load: async () => OPEN, push: 'working' }, play: PUSH_PLAYS.working };
export const PushFailed: Story = { args: { load: async () => OPEN, push: 'failed' }, play: PUSH_PLAYS.failed };
export const PushBlockedOnAsking: Story = {
  args: { load: async () => OPEN, push: 'blockedOnAsking' },
  play: PUSH_PLAYS.blockedOnAsking,
};

/** A closed incident's link cannot add a device: no control. */
export const PushHiddenWhenClosed: Story = {
  args: { load: async () => COMPLETED },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Incident K7QW2M9P' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Notifications on this device' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Notify me on this device' })).toBeNull();
  },
};
