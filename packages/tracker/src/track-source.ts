import { TRACK_SOURCE_TIMEOUT_MS } from '@h5/core';

/** What a landing page view's source is judged from. */
export interface SourceClues {
  /** The page URL's query (`location.search`). */
  search: string;
  /** `document.referrer`. */
  referrer: string;
  /** The page's own origin. */
  origin: string;
  /** Asks the app where the user came from (the bridge's `getTrackSource`); none outside the app. */
  native?: (() => Promise<string>) | undefined;
}

/** The longest source stored (the event schema's limit). */
const SOURCE_MAX = 64;

/** The source query flag share links and jumps carry (`source=videoTrend`, spec §2). */
const SOURCE_PARAM = 'source';

const cut = (source: string) => source.slice(0, SOURCE_MAX);

/** Resolves with the lookup's answer, or undefined when it fails or outlasts `ms`. */
function within(lookup: () => Promise<string>, ms: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    lookup().then(
      (source) => {
        clearTimeout(timer);
        resolve(source);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** The referring site's host, our own page's path, or 'direct' (no referrer: typed, bookmarked, an app). */
function referrerSource(referrer: string, origin: string): string {
  if (!referrer) return 'direct';
  try {
    const url = new URL(referrer);
    // Never the query: it may carry another site's tokens.
    return url.origin === origin ? url.pathname : url.host;
  } catch {
    return 'direct';
  }
}

/**
 * The track source of a landing page view: the `source` query flag, else the app's answer (the
 * track-source lookup, given up after 3000 ms: spec §9), else the referrer. Never rejects.
 */
export async function landingSource(clues: SourceClues): Promise<string> {
  const flagged = new URLSearchParams(clues.search).get(SOURCE_PARAM);
  if (flagged) return cut(flagged);
  if (clues.native) {
    const answered = await within(clues.native, TRACK_SOURCE_TIMEOUT_MS);
    if (answered) return cut(answered);
  }
  return cut(referrerSource(clues.referrer, clues.origin));
}
