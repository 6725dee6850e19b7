import { PUSH_MESSAGES, type PushDeviceStatus } from '@relevo/domain';
import { expect, userEvent, waitFor } from 'storybook/test';
import { PUSH_CONTROL_TEXT } from '../shell/PushDeviceControl';
import type { PushDeviceIO } from '../shell/push-device';
import { never } from './fixtures';
import { storyBody } from './story-dialogs';

/** The refusal a failed subscription shows: the server's 422 on a push service it does not send to. */
const REFUSAL = PUSH_MESSAGES.pushService;

/**
 * A device for "Notify me on this device" in stories: what it is at first, and how subscribing
 * ends (`working` never ends, `failed` is refused with the server's message, `denied` is the
 * person blocking the browser's question). Stopping always works.
 */
function storyPushDevice(
  status: PushDeviceStatus,
  subscribe: 'subscribed' | 'denied' | 'working' | 'failed' = 'subscribed',
): PushDeviceIO {
  return {
    check: async () => status,
    subscribe: async () => {
      if (subscribe === 'working') return never();
      if (subscribe === 'failed') throw new Error(REFUSAL);
      return subscribe;
    },
    unsubscribe: async () => undefined,
  };
}

/** The devices a page's stories show, by name (story args stay plain strings). */
export const PUSH_DEVICES = {
  notSubscribed: () => storyPushDevice('notSubscribed'),
  subscribed: () => storyPushDevice('subscribed'),
  denied: () => storyPushDevice('denied'),
  unsupported: () => storyPushDevice('unsupported'),
  working: () => storyPushDevice('notSubscribed', 'working'),
  failed: () => storyPushDevice('notSubscribed', 'failed'),
  blockedOnAsking: () => storyPushDevice('notSubscribed', 'denied'),
} satisfies Record<string, () => PushDeviceIO>;
export type PushDeviceFixture = keyof typeof PUSH_DEVICES;

type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;
const notify = { name: PUSH_CONTROL_TEXT.notify };
const stop = { name: PUSH_CONTROL_TEXT.stop };

/** Neither button: the device can do nothing from the page. */
async function expectNoButtons(canvasElement: HTMLElement) {
  const screen = storyBody(canvasElement);
  await expect(screen.queryByRole('button', notify)).toBeNull();
  await expect(screen.queryByRole('button', stop)).toBeNull();
}

/** The plays of each device's story, the same on the responder page and the profile. */
export const PUSH_PLAYS: Record<PushDeviceFixture, Play> = {
  // not subscribed: Notify turns it on, Stop turns it off again
  notSubscribed: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText(PUSH_CONTROL_TEXT.notSubscribed)).toBeVisible();
    await userEvent.click(screen.getByRole('button', notify));
    await expect(await screen.findByText(PUSH_CONTROL_TEXT.subscribed)).toBeVisible();
    await userEvent.click(screen.getByRole('button', stop));
    await expect(await screen.findByText(PUSH_CONTROL_TEXT.notSubscribed)).toBeVisible();
    await expect(screen.getByRole('button', notify)).toBeEnabled();
  },
  subscribed: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText(PUSH_CONTROL_TEXT.subscribed)).toBeVisible();
    await expect(screen.getByRole('button', stop)).toBeEnabled();
    await expect(screen.queryByRole('button', notify)).toBeNull();
  },
  denied: async ({ canvasElement }) => {
    await expect(await storyBody(canvasElement).findByText(PUSH_MESSAGES.denied)).toBeVisible();
    await expectNoButtons(canvasElement);
  },
  unsupported: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText(PUSH_MESSAGES.unsupported, { exact: false })).toBeVisible();
    await expect(screen.getByText(PUSH_CONTROL_TEXT.unsupportedHint, { exact: false })).toBeVisible();
    await expectNoButtons(canvasElement);
  },
  // the browser's question is open: the button waits and says so
  working: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', notify));
    await waitFor(() => expect(screen.getByRole('button', notify)).toHaveAttribute('aria-busy', 'true'));
    await expect(screen.getByText(PUSH_CONTROL_TEXT.subscribing)).toBeVisible();
  },
  // the server refused the device: its message, and the button to try again
  failed: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', notify));
    await expect(await screen.findByText(REFUSAL)).toBeVisible();
    await expect(screen.getByRole('button', notify)).toBeEnabled();
  },
  // the person chose Block when the browser asked: how to allow it again
  blockedOnAsking: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', notify));
    await expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeVisible();
    await expectNoButtons(canvasElement);
  },
};
