import { assign, setup } from 'xstate';
import { CHAT_MESSAGES, type ChatAnswer, type ChatMessage } from '../../entities/chat';
import { errorText, notProvided } from '../shared';

/**
 * The User Guide chat (docs/product.md#user-guide-and-assistant, #validation-rules Chat, #assistant-call, #messages):
 *
 *   empty ──TYPE──▶ typing ──SEND──▶ waiting ──done──▶ answered ──TYPE──▶ typing …
 *     ▲  SEND: 'Your message box Can't be empty'   │
 *     └──TYPE (blank)──┘                        error──▶ error ──RETRY──▶ waiting (the same question)
 *
 * The user's message joins the conversation when it is sent; the server's answer when it comes.
 * An answer with no text is docs/product.md#messages's 'Sorry, I am unable to assist you with this request.'.
 * Actor `ask` gets `{ user_message }` and answers the first item of the server's list.
 */
export interface ChatInput {
  /** the sender shown on the user's own messages */
  userName: string;
  /** the sender shown on the server's messages */
  serverName?: string;
  /** the clock of the messages' hour (tests pass a fixed one) */
  now?: () => Date;
}

export interface ChatContext {
  userName: string;
  serverName: string;
  now: () => Date;
  /** what the text box holds */
  draft: string;
  messages: ChatMessage[];
  /** the question being answered, kept for RETRY */
  question: string | null;
  /** the empty-message rule's text, shown under the box */
  validation: string | null;
  /** why the last question got no answer */
  error: string | null;
}

export type ChatEvent = { type: 'TYPE'; text: string } | { type: 'SEND' } | { type: 'RETRY' };

/** docs/product.md#entities: the hour of a message, as the chat shows it (24-hour HH:mm, the viewer's clock). */
export function chatHour(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

const isBlank = (text: string) => text.trim() === '';

export const chatMachine = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent, input: {} as ChatInput },
  actors: { ask: notProvided<ChatAnswer, { user_message: string }>('ask') },
  guards: {
    typedBlank: ({ event }) => event.type === 'TYPE' && isBlank(event.text),
    hasDraft: ({ context }) => !isBlank(context.draft),
  },
  actions: {
    keepDraft: assign(({ event }) => (event.type === 'TYPE' ? { draft: event.text, validation: null } : {})),
    refuseEmpty: assign({ validation: CHAT_MESSAGES.emptyMessage }),
    postQuestion: assign(({ context }) => {
      const question = context.draft.trim();
      const mine: ChatMessage = {
        is_server: false,
        user_message: question,
        sender: context.userName,
        hour: chatHour(context.now()),
        sources: [],
      };
      return { messages: [...context.messages, mine], question, draft: '', validation: null, error: null };
    }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    userName: input.userName,
    serverName: input.serverName ?? 'Relevo',
    now: input.now ?? (() => new Date()),
    draft: '',
    messages: [],
    question: null,
    validation: null,
    error: null,
  }),
  initial: 'empty',
  on: {
    // a question may be typed at any time, also while the last one is answered
    TYPE: { actions: 'keepDraft' },
  },
  states: {
    empty: {
      on: {
        TYPE: [
          { guard: 'typedBlank', actions: 'keepDraft' },
          { target: 'typing', actions: 'keepDraft' },
        ],
        SEND: { actions: 'refuseEmpty' },
      },
    },
    typing: {
      on: {
        TYPE: [{ guard: 'typedBlank', target: 'empty', actions: 'keepDraft' }, { actions: 'keepDraft' }],
        SEND: { target: 'waiting', actions: 'postQuestion' },
      },
    },
    waiting: {
      invoke: {
        src: 'ask',
        input: ({ context }) => ({ user_message: context.question ?? '' }),
        onDone: {
          target: 'answered',
          actions: assign(({ context, event }) => {
            const text = event.output?.response?.trim();
            const reply: ChatMessage = {
              is_server: true,
              user_message: text || CHAT_MESSAGES.unableToAssist,
              sender: context.serverName,
              hour: chatHour(context.now()),
              sources: text ? (event.output.sources ?? []) : [],
            };
            return { messages: [...context.messages, reply], error: null };
          }),
        },
        onError: { target: 'error', actions: assign(({ event }) => ({ error: errorText(event.error) })) },
      },
      // one question at a time: SEND waits for the answer
      on: { SEND: {} },
    },
    answered: {
      on: {
        TYPE: [
          { guard: 'typedBlank', actions: 'keepDraft' },
          { target: 'typing', actions: 'keepDraft' },
        ],
        SEND: [{ guard: 'hasDraft', target: 'waiting', actions: 'postQuestion' }, { actions: 'refuseEmpty' }],
      },
    },
    error: {
      on: {
        RETRY: { target: 'waiting', actions: assign({ error: null }) },
        TYPE: [
          { guard: 'typedBlank', actions: 'keepDraft' },
          { target: 'typing', actions: ['keepDraft', assign({ error: null })] },
        ],
        SEND: [{ guard: 'hasDraft', target: 'waiting', actions: 'postQuestion' }, { actions: 'refuseEmpty' }],
      },
    },
  },
});
