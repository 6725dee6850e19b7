import {
  getMattermostSettings,
  getSlackSettings,
  getTeamsSettings,
  mattermostActions,
  saveMattermostSettings,
  saveSlackSettings,
  saveTeamsSettings,
  slackInteractions,
} from '@relevo/api';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { securityEvent } from '../../security/events';
import { ChatUnverified, chatInteractionService } from '../../team-chat/interactions';
import { teamChatSettingsService } from '../../team-chat/settings';
import { HttpError } from '../errors';
import type { RouteTable } from '../implement';

/** docs/product.md#team-chat: the Team Chat screen's settings and the chats' buttons. */
export function teamChatRoutes(routes: RouteTable, app: AppContext): void {
  const settings = teamChatSettingsService(app);
  // a button acts on an incident: it runs on the connections readers cannot hold, as the responder page does
  const interactions = chatInteractionService({ ...app, database: app.database.urgent });
  /** A request no chat signed: 401, and a security event without the body. */
  const refused = (request: FastifyRequest, error: unknown) => {
    if (!(error instanceof ChatUnverified)) return error;
    securityEvent(app.log, 'unauthenticated', {
      ip: request.ip,
      reqId: request.id,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      detail: { reason: error.message },
    });
    return new HttpError(401, error.message);
  };
  routes
    .implement(getSlackSettings, ({ principal }) => settings.get(principal, 'slack'))
    .implement(saveSlackSettings, ({ principal, body }) => settings.save(principal, 'slack', body))
    .implement(getMattermostSettings, ({ principal }) => settings.get(principal, 'mattermost'))
    .implement(saveMattermostSettings, ({ principal, body }) => settings.save(principal, 'mattermost', body))
    .implement(getTeamsSettings, ({ principal }) => settings.get(principal, 'teams'))
    .implement(saveTeamsSettings, ({ principal, body }) => settings.save(principal, 'teams', body))
    .implement(
      slackInteractions,
      async ({ request, reply }) => {
        try {
          await interactions.slack({
            rawBody: (request as FastifyRequest & { rawBody?: string }).rawBody ?? '',
            headers: request.headers,
            body: request.body,
          });
        } catch (error) {
          throw refused(request, error);
        }
        // Slack wants an empty 200 at once; what the button does is told in the channel
        reply.code(200).type('text/plain');
        return '';
      },
      { rawBody: true },
    )
    .implement(mattermostActions, async ({ request }) => {
      try {
        return await interactions.mattermost(request.body);
      } catch (error) {
        throw refused(request, error);
      }
    });
}
