import { SHARE_PATHS } from '@h5/core';

/** Share info of spec §3 (the bridge's share payload: shareContent / shareImage spellings). */
export interface ShareInfo {
  shareTitle: string;
  shareContent: string;
  shareImage?: string;
  shareUrl: string;
}

/** What a ShareButton shares. */
export type ShareTarget = { type: 'content'; contentId: number } | { type: 'user'; userId: number };

/** What the page knows about itself: its title, description and picture. */
export interface PageSummary {
  title: string;
  description: string;
  image?: string | undefined;
}

/**
 * The share link of a target: our share paths of spec §2 (note details for a content, user home
 * share for a user), which the app rewrites to its native screens.
 */
export function shareUrlOf(target: ShareTarget, origin: string): string {
  const url =
    target.type === 'content'
      ? `${SHARE_PATHS.noteDetails}?id=${target.contentId}`
      : `${SHARE_PATHS.userHomeShare}?userId=${target.userId}`;
  return new URL(url, origin).toString();
}

/** The share info of a target from the page's own data; the image is made absolute. */
export function shareInfoOf(target: ShareTarget, page: PageSummary, origin: string): ShareInfo {
  return {
    shareTitle: page.title,
    shareContent: page.description,
    ...(page.image ? { shareImage: new URL(page.image, origin).toString() } : {}),
    shareUrl: shareUrlOf(target, origin),
  };
}

/** The page's summary from its document: title, meta description and og:image (what SSR wrote). */
export function summaryFromDocument(doc: Document, fallbackDescription: string): PageSummary {
  const meta = (selector: string) => doc.querySelector<HTMLMetaElement>(selector)?.content || undefined;
  return {
    title: meta('meta[property="og:title"]') ?? doc.title,
    description: meta('meta[name="description"]') ?? fallbackDescription,
    image: meta('meta[property="og:image"]'),
  };
}
