import { CHAT_MESSAGES, type ChatAnswer } from '@relevo/domain';
import type { AppContext } from '../context';
import type { Principal } from '../auth/principals';
import { enforceLimits } from '../auth/rate-limit';
import { askChatModel } from './chat-model';
import { sourcesOf, type GuideIndex } from './guide-index';
import { userGuideIndex } from './user-guide';

/**
 * The User Guide assistant (docs/product.md#user-guide-and-assistant, #assistant-call; docs/product.md#assistant): the guide's index finds the
 * sections; with CHAT_LLM_URL the model words the answer from them, and the guide's own answer
 * stands in when the model fails or is slow. A question the guide does not cover gets docs/product.md#messages's
 * refusal, without asking the model.
 */
export function assistantService(ctx: AppContext, index: GuideIndex = userGuideIndex()) {
  return {
    async ask(principal: Principal, question: string): Promise<ChatAnswer> {
      // the model costs money and the index CPU: each user asks at a person's pace
      await enforceLimits(
        ctx,
        [[`chat:user:${principal.userId}`, ctx.limits.chatPerUser]],
        'Too many questions. Please wait a moment and ask again.',
        principal.userId,
      );
      const found = index.find(question);
      if (!found.length) return { response: CHAT_MESSAGES.unableToAssist, sources: [] };
      const fromGuide = index.answer(question);
      const { chatLlmUrl } = ctx.config;
      if (!chatLlmUrl) return fromGuide;
      try {
        const text = await askChatModel(
          {
            url: chatLlmUrl,
            model: ctx.config.chatLlmModel,
            apiKey: ctx.config.chatLlmApiKey,
            timeoutMs: ctx.config.chatLlmTimeoutMs,
          },
          question,
          found,
        );
        if (text.includes(CHAT_MESSAGES.unableToAssist)) return { response: CHAT_MESSAGES.unableToAssist, sources: [] };
        const sources = sourcesOf(found);
        return {
          response: `${text}\n\nFrom the user guide: ${sources.map((source) => `${source.title} (${source.href})`).join('; ')}`,
          sources,
        };
      } catch (error) {
        ctx.log.warn(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'chat model failed; answered from the user guide',
        );
        return fromGuide;
      }
    },
  };
}
