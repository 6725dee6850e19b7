import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldIssue } from '@relevo/domain';
import type { ValidationDetailItem } from '@relevo/api';
import { redactUrl } from './security';

/** A failure with a status and a text for the person (docs/product.md#errors-on-the-wire). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** A 422 with `{detail: [{loc, msg}]}`. */
export class ValidationFailure extends Error {
  constructor(readonly items: ValidationDetailItem[]) {
    super(items[0]?.msg ?? 'Invalid request');
  }

  static of(where: 'body' | 'query' | 'path', issues: FieldIssue[]): ValidationFailure {
    return new ValidationFailure(issues.map((issue) => ({ loc: [where, ...issue.path], msg: issue.message })));
  }

  /** A single field failure raised by a rule the schema cannot see (a taken e-mail). */
  static field(field: string, message: string): ValidationFailure {
    return new ValidationFailure([{ loc: ['body', field], msg: message }]);
  }
}

export const tooManyAttempts = (retryAfter: number, detail = 'Too many attempts. Please try again later.') =>
  new HttpError(429, detail, { 'retry-after': String(retryAfter) });

const FASTIFY_TEXTS: Record<number, string> = {
  400: 'The request is not valid',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'The request body is too large',
  415: 'Send the body as application/json',
};

/** One error handler: no stack trace, no SQL, ever leaves the server. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (error instanceof ValidationFailure) {
      return reply.code(422).send({ detail: error.items });
    }
    const status = (error as FastifyError).statusCode;
    const code = (error as FastifyError).code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send({ detail: 'The request body is not valid JSON' });
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ detail: 'The request body is empty; send a JSON object' });
    }
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: FASTIFY_TEXTS[status] ?? 'The request is not valid' });
    }
    const pgCode = (error as { code?: string }).code;
    if (pgCode === '23503') {
      return reply.code(409).send({ detail: 'This record is used by other records' });
    }
    request.log.error(
      {
        reqId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        err: { message: error.message, stack: error.stack, code },
      },
      'request failed',
    );
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
