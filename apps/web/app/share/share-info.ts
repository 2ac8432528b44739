import type { ContentDetail } from '@h5/contract';
import { optimiseImageUrl, SHARE_PATHS } from '@h5/core';
import { SHARE_TEXT } from '../lib/ui-text/share';

/** A shared content's picture is this wide (the carousel's width; the CDN never enlarges). */
const SHARE_IMAGE_WIDTH = 750;
/** A share description's longest length in characters, the ellipsis included. */
export const SHARE_DESCRIPTION_MAX = 100;

/** Share info of spec §3 (the bridge's share payload: shareContent / shareImage spellings). */
export interface ShareInfo {
  shareTitle: string;
  shareContent: string;
  shareImage?: string;
  shareUrl: string;
}

/**
 * What a ShareButton shares. A content's `detail`, once the page has it, is what its share info
 * is built from (contentShare), the same as the page's meta.
 */
export type ShareTarget =
  | { type: 'content'; contentId: number; detail?: ContentDetail | null }
  | { type: 'user'; userId: number };

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

/** A content's share info and its picture's size (for og:image:width / height). */
export interface ContentShare {
  info: ShareInfo;
  imageSize?: { width: number; height: number };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised article HTML (the server's allow-list output): tags out, entities decoded. */
function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** Text on one line, cut to `max` characters (code points) with an ellipsis. */
function oneLine(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The share info of a content: its title; its text (an article's: the text of its blocks) on one
 * line and cut to SHARE_DESCRIPTION_MAX; its first image or its video's cover, SHARE_IMAGE_WIDTH
 * wide through the CDN, absolute; its share link. The one builder of it: the page's meta (the
 * server, share/share-meta.server.ts) and the share sheet (the browser, share-action.ts).
 */
export function contentShare(detail: ContentDetail, origin: string): ContentShare {
  const source =
    detail.text ||
    detail.article.map((block) => (block.kind === 'html' ? textOfHtml(block.html) : ' ')).join(' ');
  const description = oneLine(source, SHARE_DESCRIPTION_MAX) || SHARE_TEXT.shareContent;
  const picture = detail.video?.cover ?? detail.images[0];
  const target: ShareTarget = { type: 'content', contentId: detail.contentId };
  if (!picture) return { info: shareInfoOf(target, { title: detail.title, description }, origin) };
  const width = Math.min(SHARE_IMAGE_WIDTH, picture.width);
  const image = optimiseImageUrl(picture.url, { width: SHARE_IMAGE_WIDTH });
  return {
    info: shareInfoOf(target, { title: detail.title, description, image }, origin),
    imageSize: { width, height: Math.round((picture.height * width) / picture.width) },
  };
}
