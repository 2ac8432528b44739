/** Where a failing hook's error goes. */
export type HookErrorReporter = (error: unknown) => void;

/**
 * The default reporter: a hook that fails must not change the call's outcome, nor vanish, so its
 * error is thrown again on its own, where the page's global error handler (telemetry) sees it.
 */
export const rethrowLater: HookErrorReporter = (error) => {
  queueMicrotask(() => {
    throw error;
  });
};

/** Runs a notification hook (toast, login, time-out report); its failure goes to `report`. */
export function notify<Args extends unknown[]>(
  report: HookErrorReporter,
  hook: ((...args: Args) => unknown) | undefined,
  ...args: Args
): void {
  if (!hook) return;
  try {
    hook(...args);
  } catch (error) {
    report(error);
  }
}
