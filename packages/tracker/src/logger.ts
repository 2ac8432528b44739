/** Where the tracker reports what it drops or cannot do (console by default); never thrown into the page. */
export interface TrackerLogger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export const LOG_PREFIX = '[tracker]';
