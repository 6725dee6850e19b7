import { fromPromise } from 'xstate';

/** Test actors: a deferred promise the test settles, so each state can be observed. */
export function deferredActor<TOutput, TInput = unknown>() {
  const calls: TInput[] = [];
  let settle: { resolve: (value: TOutput) => void; reject: (error: unknown) => void } | null = null;
  const actor = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input);
        settle = { resolve, reject };
      }),
  );
  return {
    actor,
    calls,
    resolve(value: TOutput) {
      settle?.resolve(value);
    },
    reject(error: unknown) {
      settle?.reject(error);
    },
  };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The docs/product.md#validation-rules password rules that 'abc' fails (all but the lowercase letter), in their order. */
export const RULES_ABC_FAILS = [
  'Password must be at least 8 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
];
