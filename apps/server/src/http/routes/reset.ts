import { emailResetConfirm, emailResetStart, smsResetStart, smsResetVerify } from '@relevo/api';
import * as reset from '../../auth/reset';
import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';

/** docs/product.md#http-calls reset calls; no sign-in needed (docs/product.md#roles-and-permissions). */
export function resetRoutes(routes: RouteTable, ctx: AppContext): void {
  routes
    .implement(smsResetStart, async ({ body, meta }) => reset.startSmsReset(ctx, body, meta))
    .implement(smsResetVerify, async ({ body, resetToken, meta }) => reset.verifySmsReset(ctx, resetToken, body, meta))
    .implement(emailResetStart, async ({ body, meta }) => reset.startEmailReset(ctx, body, meta))
    .implement(emailResetConfirm, async ({ params, body, meta }) =>
      reset.confirmEmailReset(ctx, params.token, body, meta),
    );
}
