import { CHAT_MESSAGES, plainText, sectionPath } from '@relevo/domain';
import type { FoundSection } from './guide-index';

/** Where the model is and how long it may take (CHAT_LLM_URL and its companions, config.ts). */
export interface ChatModelSettings {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

/**
 * docs/product.md#assistant: the model answers from the sections the index found, and from nothing else. It is
 * told to say docs/product.md#messages's refusal, word for word, when they do not answer the question.
 */
export const SYSTEM_PROMPT = [
  "You answer questions about Relevo, an incident escalation service, for its customers. Answer only from the sections of Relevo's user guide given below.",
  'Never describe a feature, screen, button or setting that these sections do not mention, even if other products have it.',
  `If the sections do not answer the question, reply exactly: ${CHAT_MESSAGES.unableToAssist}`,
  'Answer in plain text (no Markdown, no HTML), in a few sentences, naming the screens and buttons as the guide does.',
].join('\n');

/** The user message: the guide sections as context, then the question. */
export function contextMessage(question: string, found: FoundSection[]): string {
  const sections = found.map(({ section }) => `## ${sectionPath(section)}\n${plainText(section.body)}`).join('\n\n');
  return `User guide sections:\n\n${sections}\n\nQuestion: ${question}`;
}

/** The longest answer passed on: a model that rambles is cut, not relayed whole. */
const MAX_ANSWER = 4000;

/**
 * One call to an OpenAI-compatible chat-completions endpoint. Answers the model's text, or throws
 * (timeout, refusal by the endpoint, an answer without text): the caller falls back to the guide.
 */
export async function askChatModel(
  settings: ChatModelSettings,
  question: string,
  found: FoundSection[],
): Promise<string> {
  const response = await fetch(settings.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      temperature: 0,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: contextMessage(question, found) },
      ],
    }),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) throw new Error(`the chat model answered ${response.status}`);
  const answer = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new Error('the chat model answered no text');
  return content.trim().slice(0, MAX_ANSWER);
}
