import { fromPromise } from 'xstate';

/**
 * The text a screen shows for a failed call. The api client already turns a response into an
 * Error whose message is the first message of its body (docs/product.md#messages), so the machines only read it.
 */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'We have a problem';
}

/** A placeholder actor: machines get their I/O from the caller (`machine.provide({ actors })`). */
export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The ${name} actor was not provided`);
  });
}
