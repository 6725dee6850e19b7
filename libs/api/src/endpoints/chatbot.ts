import { ChatPromptSchema, type ChatAnswer } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

/**
 * docs/product.md#assistant-call: the User Guide assistant (docs/product.md#assistant). The answer is a list whose first item has
 * `response`, quoted from the user guide (through CHAT_LLM_URL's model when set), with the
 * sections it rests on.
 */
export const generatePrompt = endpoint({
  name: 'generatePrompt',
  method: 'POST',
  path: '/api/chatbot/generate/prompt',
  body: ChatPromptSchema,
  response: reply<ChatAnswer[]>(),
  auth: 'session',
  permissions: ['guide.ask'],
});

export const chatbotEndpoints = { generatePrompt };
