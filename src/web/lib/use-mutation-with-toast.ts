import { useCallback } from 'react';
import { ApiError, type ApiProblem, errorMessage, problemOf } from '../api/client';
import { showToast } from './toasts';

/** A toast's words (or colour), fixed or made from what the call answered. */
type Words<T> = string | ((value: T) => string);

export interface ToastWords<Result> {
  /** Shown green when the call succeeds; nothing is shown without it. */
  success?: Words<Result>;
  /**
   * Shown red when it fails; without it, the problem's own message (its `detail`). null shows
   * none: the caller shows the problem itself, beside the fields it names.
   */
  failure?: Words<ApiProblem> | null;
  /**
   * The success toast's colour when it is not green (or made from what the call answered); null
   * for the theme's own (a neutral notice).
   */
  successColor?: Words<Result> | null;
}

const say = <T>(words: Words<T>, value: T) => (typeof words === 'function' ? words(value) : words);

/** The first invalid field's message, else the problem's: for forms that show no field errors. */
export const firstProblemDetail = (problem: ApiProblem): string =>
  problem.errors?.[0]?.detail ?? problem.message;

/** What the call came to: its result, or the problem that was shown. */
export type Outcome<Result> = { ok: true; data: Result } | { ok: false; problem: ApiProblem };

/** A started RTK Query mutation (what its trigger returns). */
interface Started<Result> {
  unwrap: () => Promise<Result>;
}

/**
 * Waits for a started mutation (or a thunk, or a `call()`) and says how it went in a toast: the
 * success words (green), or the failure's (red; the problem's own message when none are given).
 */
export async function toastOutcome<Result>(
  started: Started<Result> | Promise<Result>,
  words: ToastWords<Result> = {},
): Promise<Outcome<Result>> {
  try {
    const data = await ('unwrap' in started ? started.unwrap() : started);
    if (words.success !== undefined)
      showToast({
        ...(words.successColor !== null && { color: say(words.successColor ?? 'green', data) }),
        message: say(words.success, data),
      });
    return { ok: true, data };
  } catch (error) {
    // A mutation or a thunk rejects with its ApiProblem already; call() throws an ApiError, or a
    // TypeError when the server cannot be reached.
    const problem =
      error instanceof ApiError || error instanceof TypeError ? problemOf(error) : (error as ApiProblem);
    if (words.failure !== null)
      showToast({ color: 'red', message: words.failure ? say(words.failure, problem) : errorMessage(error) });
    return { ok: false, problem };
  }
}

/**
 * An RTK Query mutation that says how each call went in a toast: `run(arg, words)` calls it and
 * answers its Outcome; the mutation's state (isLoading …) comes back beside it, as
 * `const [run, { isLoading }] = useMutationWithToast(useXMutation())`. A form that shows the
 * problem beside its fields passes `failure: null` and reads the Outcome's problem.
 */
export function useMutationWithToast<Arg, Result, State>([trigger, state]: readonly [
  (arg: Arg) => Started<Result>,
  State,
]) {
  const run = useCallback(
    (arg: Arg, words?: ToastWords<Result>) => toastOutcome(trigger(arg), words),
    [trigger],
  );
  return [run, state] as const;
}
