import { generatePrompt } from '@relevo/api';
import type { AppContext } from '../../context';
import { assistantService } from '../../guide/assistant';
import type { RouteTable } from '../implement';

/** docs/product.md#assistant-call: the answer is a list whose first item has `response`. */
export function chatbotRoutes(routes: RouteTable, ctx: AppContext): void {
  const assistant = assistantService(ctx);
  routes.implement(generatePrompt, async ({ principal, body }) => [await assistant.ask(principal, body.user_message)]);
}
