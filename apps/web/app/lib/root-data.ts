import type { PublicRuntimeConfig } from '@h5/contract';
import { useRouteLoaderData } from 'react-router';

/** The signed-in user the top bar shows; null for a tourist. */
export interface ViewerBrief {
  userId: number;
  userName: string;
  avatar: string;
}

/** What the root loader hands every page: public configuration and the shell's switches. */
export interface RootData {
  runtime: PublicRuntimeConfig;
  clientConf: { errorPageSwitch: boolean };
  /** The page request's user agent carries the app marker, and downgrade mode is off. */
  inApp: boolean;
  /** Low device (spec §9) as the server can tell: the page's cookie, else the user agent. */
  lowDevice: boolean;
  /** In the app's webview: the status bar height an earlier page learnt from platform info; null when unknown. */
  statusBarHeight: number | null;
  viewer: ViewerBrief | null;
}

/** The root loader's data; undefined only when the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
