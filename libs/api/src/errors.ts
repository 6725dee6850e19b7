import { MESSAGES } from '@relevo/domain';

/** docs/product.md#errors-on-the-wire: `{detail: [{loc, msg}]}` for 422, `{detail: text}` otherwise. */
export interface ValidationDetailItem {
  loc: (string | number)[];
  msg: string;
}
export type ErrorBody = { detail: string | ValidationDetailItem[] } | null;

/** A failed call. `status` 0 means there was no response at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: ErrorBody, retryAfterSeconds: number | null = null) {
    super(firstMessage(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** docs/product.md#messages: the first message of an error body (login, code and reset alerts show it). */
export function firstMessage(status: number, body: ErrorBody): string {
  if (status === 0) return MESSAGES.noResponse;
  const detail = body?.detail;
  if (Array.isArray(detail) && detail[0]) return detail[0].msg;
  if (typeof detail === 'string' && detail) return detail;
  if (status >= 500) return MESSAGES.serverError;
  return MESSAGES.noResponse;
}

/**
 * docs/product.md#messages general handler, for the 5-second warning toast: no response, 500, a detail list as
 * 'FIELD: message' with the upper-cased field name, or the detail text.
 */
export function generalErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.noResponse;
  if (error.status === 0) return MESSAGES.noResponse;
  if (error.status >= 500) return MESSAGES.serverError;
  const detail = error.body?.detail;
  if (Array.isArray(detail) && detail[0]) {
    const field = detail[0].loc[detail[0].loc.length - 1];
    return `${String(field ?? '').toUpperCase()}: ${detail[0].msg}`;
  }
  if (typeof detail === 'string' && detail) return detail;
  return MESSAGES.noResponse;
}

/** The messages of a 422 body per field (last `loc` element), for forms that show them inline. */
export function fieldMessagesOf(error: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.detail)) return out;
  for (const item of error.body.detail) {
    const key = String(item.loc[item.loc.length - 1] ?? '');
    (out[key] ??= []).push(item.msg);
  }
  return out;
}
