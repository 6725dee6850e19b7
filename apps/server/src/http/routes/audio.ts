import { EVENT_MESSAGES } from '@relevo/domain';
import { eventAudio } from '@relevo/api';
import type { AppContext } from '../../context';
import { audioTokenOf } from '../../delivery/queries';
import { spokenAudio } from '../../delivery/spoken-audio';
import { WindowLimiter } from '../../incidents/window-limiter';
import { HttpError, tooManyAttempts } from '../errors';
import type { RouteTable } from '../implement';

/** Issue 13: the spoken audio of voice calls, at addresses whose token is the credential. */
export function audioRoutes(routes: RouteTable, ctx: AppContext): void {
  const audio = spokenAudio({
    database: ctx.database,
    clock: ctx.clock,
    log: ctx.log,
    publicUrl: ctx.config.publicUrl,
  });
  const limiter = new WindowLimiter<string>(ctx.limits.audioPerAddress);
  routes.implement(eventAudio, async ({ params, reply, meta }) => {
    // counted before the token is looked up: a scan of tokens is refused without a database read
    const verdict = limiter.hit(meta.addressKey, ctx.clock.now().getTime());
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds, EVENT_MESSAGES.audioTooMany);
    const token = audioTokenOf(params.token);
    const file = token ? await audio.file(token) : null;
    // the same answer for an address that never existed and one that expired: a token tells nothing
    if (!file) throw new HttpError(404, EVENT_MESSAGES.audioNotFound);
    reply.type(file.mime);
    // the bytes as they are (the contract's Blob is what a client makes of them)
    return file.content as unknown as Blob;
  });
}
