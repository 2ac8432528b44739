import type { PublicRuntimeConfig } from '@h5/contract';
import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { signal } from './page-signals';

/** The signed-in user the top bar shows; null for a tourist. */
export interface ViewerBrief {
  userId: number;
  userName: string;
  avatar: string;
}

/** The client-conf settings pages read (through the config client; an operator sets them with the internal write). */
export interface ClientConfSettings {
  /** The global switch of spec §2: on shows the error page instead of content (the page wrapper). */
  errorPageSwitch: boolean;
  /** The hot-video screen's week rank tab shows (default); false hides it. */
  hotVideoRankTab: boolean;
}

/** Root data the server did not get within the prefetch limit (spec §4): the browser reads it. */
export type LateRootPart = 'clientConf' | 'viewer';

/** What the root loader hands every page: public configuration and the shell's switches. */
export interface RootData {
  runtime: PublicRuntimeConfig;
  /** The defaults when late (see `late`). */
  clientConf: ClientConfSettings;
  /** The page request's user agent carries the app marker, and downgrade mode is off. */
  inApp: boolean;
  /** Low device (spec §9) as the server can tell: the page's cookie, else the user agent. */
  lowDevice: boolean;
  /** In the app's webview: the status bar height an earlier page learnt from platform info; null when unknown. */
  statusBarHeight: number | null;
  /** Null when late (see `late`). */
  viewer: ViewerBrief | null;
  /** When the server drew the page (epoch ms): the first `useNow` of a hydrating screen. */
  now?: number;
  /** What the browser reads after hydration, because the server's read did not come in time. */
  late?: LateRootPart[];
}

/** What the browser read of the late parts (lib/late-root-data.ts writes it). */
const NOTHING_LATE: Partial<RootData> = {};
export const lateRootData = signal(NOTHING_LATE);
const nothingLate = () => NOTHING_LATE;

/** The root data's parts the server always has (never late). */
export type SteadyRootData = Omit<RootData, LateRootPart | 'late'>;

/**
 * The root loader's data without the late parts, for hooks every card and row calls (low device,
 * now, the API client): they do not subscribe to the late read, whose arrival would otherwise
 * re-render each of them synchronously after hydration (issue 33 point 4).
 */
export function useSteadyRootData(): SteadyRootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/**
 * The root loader's data, with what the browser read late over the server's parts (spec §4:
 * the page renders, then fetches in the browser); undefined only when the root itself failed.
 */
export function useRootData(): RootData | undefined {
  const root = useSteadyRootData() as RootData | undefined;
  const late = useSyncExternalStore(lateRootData.subscribe, lateRootData.get, nothingLate);
  return root && late !== NOTHING_LATE ? { ...root, ...late } : root;
}
