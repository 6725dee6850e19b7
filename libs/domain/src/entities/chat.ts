import * as v from 'valibot';
import { form } from '../rules/fields';

/** docs/product.md#validation-rules and #messages: the chat's own messages, word for word. */
export const CHAT_MESSAGES = {
  emptyMessage: "Your message box Can't be empty",
  unableToAssist: 'Sorry, I am unable to assist you with this request.',
  tooLong: 'Your message cannot exceed 500 characters',
  isServer: 'is_server must be true or false',
  placeholder: 'Type your question',
} as const;

export const CHAT_LIMITS = {
  /** a question, not a document: the index and the model get at most this much */
  messageLength: 500,
  /** docs/product.md#user-guide-and-assistant, #constants-and-limits: the notification plays from 1 s in and stops after 3 s */
  soundStartSeconds: 1,
  soundDurationMs: 3000,
} as const;

/** docs/product.md#assistant-call: `POST /api/chatbot/generate/prompt` with is_server and user_message. */
export const ChatPromptSchema = /* @__PURE__ */ (() =>
  form({
    is_server: v.boolean(CHAT_MESSAGES.isServer),
    user_message: v.pipe(
      v.string(CHAT_MESSAGES.emptyMessage),
      v.trim(),
      v.nonEmpty(CHAT_MESSAGES.emptyMessage),
      v.maxLength(CHAT_LIMITS.messageLength, CHAT_MESSAGES.tooLong),
    ),
  }))();

/** A section of the user guide an answer rests on, with the address of its anchor on the guide page. */
export interface ChatSource {
  title: string;
  href: string;
}

/** docs/product.md#http-calls: the answer is a list whose first item has `response`; `sources` are the guide sections it quotes. */
export interface ChatAnswer {
  response: string;
  sources: ChatSource[];
}

/** docs/product.md#assistant message: is_server, user_message, sender, hour. */
export interface ChatMessage {
  is_server: boolean;
  user_message: string;
  sender: string;
  hour: string;
  /** the guide sections of a server message (none for the user's) */
  sources: ChatSource[];
}
