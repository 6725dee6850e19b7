import { ApiError } from '@relevo/api';
import { CHAT_MESSAGES, Role, type ChatAnswer } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';

const QUESTION = 'How do I reset my password by SMS?';
const ANSWER: ChatAnswer = {
  response:
    'From the user guide:\n\nForgotten password › By SMS (3 steps) (/guide#by-sms-3-steps):\n“1. Choose the country and type the mobile number of your account, then press Verify. If the number belongs to an account, a 6-digit code is sent to it by SMS.”',
  sources: [{ title: 'Forgotten password › By SMS (3 steps)', href: '/guide#by-sms-3-steps' }],
};
const TOO_MANY = 'Too many questions. Please wait a moment and ask again.';

/** How the fixture assistant answers, and how often the notification was played. */
const ASK = {
  answers: async () => ANSWER,
  answersNothing: async () => ({ response: '', sources: [] }),
  fails: () => Promise.reject(new ApiError(500, null)),
  waits: never,
  failsOnce: (() => {
    let calls = 0;
    return async () => {
      calls += 1;
      if (calls % 2 === 1) throw new ApiError(429, { detail: TOO_MANY });
      return ANSWER;
    };
  })(),
} satisfies Record<string, (question: string) => Promise<ChatAnswer>>;

const sounds = { played: 0 };

/** The real route table at /user_guide, signed in as a Customer, with a fixture assistant. */
function UserGuide({ ask }: { ask: keyof typeof ASK }) {
  return (
    <StoryApp
      routes={routes}
      at="/user_guide"
      user={storyUser(Role.Customer)}
      services={{ askGuide: ASK[ask], playChatSound: () => void (sounds.played += 1) }}
    />
  );
}

export default { title: 'Screens/User Guide chat', ...screenMeta(UserGuide) };
type Story = StoryObj<typeof UserGuide>;

const ask = async (canvas: ReturnType<typeof within>, question = QUESTION) => {
  const box = await canvas.findByPlaceholderText(CHAT_MESSAGES.placeholder);
  await userEvent.type(box, question);
  await userEvent.keyboard('{Enter}');
};

/** No messages; Send with an empty box says docs/product.md#validation-rules's message. */
export const Empty: Story = {
  args: { ask: 'answers' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await canvas.findByRole('log', { name: 'Conversation' });
    await expect(log).toHaveTextContent('No messages yet');
    // docs/product.md#user-guide-and-assistant, #constants-and-limits: the chat area is 360 px high
    await expect(getComputedStyle(log).height).toBe('360px');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent("Your message box Can't be empty");
  },
};

/** A question typed, not sent yet. */
export const Typing: Story = {
  args: { ask: 'answers' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByPlaceholderText('Type your question');
    await userEvent.type(box, QUESTION);
    await expect(box).toHaveValue(QUESTION);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(canvas.queryByText(CHAT_MESSAGES.emptyMessage)).toBeNull();
  },
};

/** Sent with Enter: the user's message with sender and hour, and the assistant at work. */
export const Waiting: Story = {
  args: { ask: 'waits' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas);
    const mine = await canvas.findByRole('article', { name: /^Ana Torres at \d\d:\d\d$/ });
    await expect(mine).toHaveTextContent(QUESTION);
    await expect(canvas.getByRole('status')).toHaveTextContent('Relevo is looking in the user guide…');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByPlaceholderText(CHAT_MESSAGES.placeholder)).toHaveValue('');
  },
};

/** The answer: quoted from the guide, its section linked, and the notification played once. */
export const Answered: Story = {
  args: { ask: 'answers' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = sounds.played;
    await ask(canvas);
    const reply = await canvas.findByRole('article', { name: /^Relevo at \d\d:\d\d$/ });
    await expect(reply).toHaveTextContent('a 6-digit code is sent to it by SMS');
    await expect(within(reply).getByRole('link', { name: 'Forgotten password › By SMS (3 steps)' })).toHaveAttribute(
      'href',
      '/guide#by-sms-3-steps',
    );
    await waitFor(() => expect(sounds.played).toBe(before + 1));
  },
};

/** The call failed (here: too many questions); Try again asks the same question again. */
export const Failed: Story = {
  name: 'Error',
  args: { ask: 'failsOnce' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(TOO_MANY);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('article', { name: /^Relevo at / })).toHaveTextContent('From the user guide');
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
  },
};

/** docs/product.md#messages: an answer without text. */
export const NoAnswerText: Story = {
  args: { ask: 'answersNothing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas);
    await expect(await canvas.findByRole('article', { name: /^Relevo at / })).toHaveTextContent(
      'Sorry, I am unable to assist you with this request.',
    );
  },
};

/** docs/product.md#messages: a 500 from the server. */
export const ServerError: Story = {
  args: { ask: 'fails' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ask(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('We have some problems please contact support');
  },
};
