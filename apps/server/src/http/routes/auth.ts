import { changeOwnPassword, login, logout, resendCode, sessionUser, userDashboard, verifyCode } from '@relevo/api';
import * as signIn from '../../auth/sign-in';
import type { AppContext } from '../../context';
import { dashboardService } from '../../dashboard/summaries';
import type { RouteTable } from '../implement';
import { clearPreauthCookie, clearSessionCookie, setPreauthCookie, setSessionCookie } from '../cookies';

/** docs/product.md#sign-in-and-reset-calls: two-step sign-in, the session user, logout, own password, profile counts. */
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
    .implement(userDashboard, ({ principal }) => dashboard.profile(principal));
}
