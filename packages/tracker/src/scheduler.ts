/** Runs `fn` every `ms` until the returned function is called (setInterval by default). */
export type Scheduler = (ms: number, fn: () => void) => () => void;

export const intervalScheduler: Scheduler = (ms, fn) => {
  const id = setInterval(fn, ms);
  // In Node (a server render that started it by mistake, tests) the tick must not keep the process alive.
  (id as { unref?: () => void }).unref?.();
  return () => clearInterval(id);
};
