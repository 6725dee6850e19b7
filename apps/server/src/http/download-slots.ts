import type { FastifyReply } from 'fastify';
import type { CsvDownload } from '../incidents/event-export';
import { HttpError } from './errors';

/** what a refused download is told to wait before asking again: a file of a million rows takes about this long */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 10;

export const tooManyDownloads = (limit: number) =>
  limit === 1
    ? 'You already have a download of events on its way. Wait until it finishes (or cancel it), then try again.'
    : `You already have ${limit} downloads of events on their way. Wait until one of them finishes (or cancel it), then try again.`;

/**
 * The events' CSV downloads each user has on their way (DOWNLOADS_PER_USER), counted in this
 * process: every download reads the database page after page, so a user starting many at once
 * would take a share of the connections that sign-in, lists and incidents need. A slot is taken
 * before the first page is read and given back when the response ends, however it ends: sent
 * whole, failed, cancelled by the client, or cut for reading too slowly (incidents/event-export.ts).
 */
export class DownloadSlots {
  readonly #perUser: number;
  /** how long the last of a finished file may wait for the client to take it (DOWNLOAD_IDLE_SECONDS) */
  readonly #idleMs: number;
  readonly #inUse = new Map<number, number>();

  constructor(perUser: number, idleMs: number) {
    this.#perUser = perUser;
    this.#idleMs = idleMs;
  }

  /** Answers the file `open` makes in a slot of `userId`'s; 429 with Retry-After when they are all taken. */
  send(userId: number, reply: FastifyReply, open: () => CsvDownload): CsvDownload {
    const taken = this.#inUse.get(userId) ?? 0;
    if (taken >= this.#perUser)
      throw new HttpError(429, tooManyDownloads(this.#perUser), {
        'retry-after': String(DOWNLOAD_RETRY_AFTER_SECONDS),
      });
    this.#inUse.set(userId, taken + 1);
    let released = false;
    let tail: NodeJS.Timeout | null = null;
    const release = () => {
      if (released) return;
      released = true;
      if (tail) clearTimeout(tail);
      const left = (this.#inUse.get(userId) ?? 0) - 1;
      if (left > 0) this.#inUse.set(userId, left);
      else this.#inUse.delete(userId);
    };
    let file: CsvDownload;
    try {
      file = open();
    } catch (error) {
      release();
      throw error;
    }
    const response = reply.raw;
    // the response's end (sent, failed, or its connection closed) is the download's
    response.once('close', release);
    // the file is made and handed over: what the response still holds waits on the client, which
    // gets as long as for a chunk to take it
    file.body.once('end', () => {
      if (released) return;
      tail = setTimeout(() => response.destroy(), this.#idleMs);
      tail.unref();
    });
    return file;
  }
}
