import {
  changeOwnPassword,
  login,
  logout,
  resendCode,
  sessionUser,
  ssoCallback,
  ssoStart,
  updateOwnSettings,
  userDashboard,
  verifyCode,
} from '@relevo/api';
import * as signIn from '../../auth/sign-in';
import * as ownSettings from '../../people/own-settings';
import type { AppContext } from '../../context';
import { dashboardService } from '../../dashboard/summaries';
import type { RouteTable } from '../implement';
import { clearPreauthCookie, clearSessionCookie, setPreauthCookie, setSessionCookie } from '../cookies';
import { SSO_CALLBACK_PATH, finishSso, landingOf, startSso } from '../../auth/oidc';
import { clearSsoCookie, readSsoCookie, setSsoCookie } from '../sso-cookie';

/** docs/product.md#sign-in-and-reset-calls: two-step sign-in, the session user, own settings, logout, own password, profile counts. */
export function authRoutes(routes: RouteTable, ctx: AppContext): void {
  const dashboard = dashboardService(ctx);
  routes
    .implement(login, async ({ body, meta, reply }) => {
      const { answer, token } = await signIn.login(ctx, body, meta);
      setPreauthCookie(reply, token, ctx.config);
      return answer;
    })
    .implement(verifyCode, async ({ body, claims, meta, reply }) => {
      const { token } = await signIn.verifyCode(ctx, claims, body.code, meta);
      clearPreauthCookie(reply, ctx.config);
      setSessionCookie(reply, token, ctx.config);
      return { access_token: token, token_type: 'bearer' as const };
    })
    .implement(resendCode, async ({ claims }) => signIn.resendCode(ctx, claims))
    // the frozen session user of a cached principal: its JSON is made once, not on every read
    .implement(sessionUser, ({ principal }) => principal.user, { frozenAnswer: true })
    .implement(logout, async ({ principal, reply }) => {
      const answer = await signIn.logout(ctx, principal);
      clearSessionCookie(reply, ctx.config);
      return answer;
    })
    .implement(changeOwnPassword, async ({ principal, body }) => signIn.changeOwnPassword(ctx, principal, body))
    .implement(updateOwnSettings, async ({ principal, body }) => ownSettings.updateOwnSettings(ctx, principal, body))
    .implement(userDashboard, ({ principal }) => dashboard.profile(principal))
    // docs/product.md#single-sign-on: browser navigations, answered with redirects
    .implement(ssoStart, async ({ query, meta, reply }) => {
      const outcome = await startSso(ctx, query.email, meta);
      if (outcome.kind === 'provider') {
        setSsoCookie(reply, outcome.state, ctx.config);
        reply.redirect(outcome.location, 302);
      } else reply.redirect(landingOf(outcome), 302);
    })
    .implement(ssoCallback, async ({ request, meta, reply }) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const currentUrl = new URL(`${ctx.config.publicUrl}${SSO_CALLBACK_PATH}${query}`);
      const outcome = await finishSso(ctx, currentUrl, readSsoCookie(request, ctx.config), meta);
      clearSsoCookie(reply, ctx.config);
      if (outcome.kind === 'session') setSessionCookie(reply, outcome.token, ctx.config);
      if (outcome.kind === 'code') setPreauthCookie(reply, outcome.token, ctx.config);
      reply.redirect(outcome.kind === 'provider' ? '/login' : landingOf(outcome), 302);
    });
}
