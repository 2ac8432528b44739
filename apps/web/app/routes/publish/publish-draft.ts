import { readStorage, writeStorage } from '../../lib/browser-storage';
import type { StoredPicture } from './picture-list';

// Issue 32 point 1: a post being written survives a reload, a login and leaving the page. One
// entry per user in localStorage (a shared device keeps each user's own draft apart); pictures
// are kept once uploaded, by their storage key (what content.publish takes) and URL (what the
// thumbnail shows), so a picture still uploading when the page went is not kept.

/** A product linked to the post, as the picker showed it. */
export interface DraftProduct {
  spuId: number;
  title: string;
  logoUrl: string;
}

/** What the publisher holds of a post not yet published. */
export interface PublishDraft {
  /** 0 a picture post, 2 an article (text only). */
  contentType: 0 | 2;
  title: string;
  body: string;
  /** The topic's tag id (a content category), null until picked. */
  category: number | null;
  /** The optional hashtag topic, without the '#'. */
  topic: string;
  products: DraftProduct[];
  pictures: StoredPicture[];
  coverIndex: number;
}

export const EMPTY_DRAFT: PublishDraft = {
  contentType: 0,
  title: '',
  body: '',
  category: null,
  topic: '',
  products: [],
  pictures: [],
  coverIndex: 0,
};

const keyOf = (userId: number) => `h5:publish-draft:${userId}`;

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isPicture(value: unknown): value is StoredPicture {
  const p = value as StoredPicture | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    isText(p.key) &&
    p.key !== '' &&
    isText(p.url) &&
    p.url !== '' &&
    isCount(p.width) &&
    isCount(p.height)
  );
}

function isProduct(value: unknown): value is DraftProduct {
  const p = value as DraftProduct | null;
  return typeof p === 'object' && p !== null && isCount(p.spuId) && isText(p.title) && isText(p.logoUrl);
}

/** True when nothing was written or picked: such a draft is not stored. */
export function isEmptyDraft(draft: PublishDraft): boolean {
  return (
    draft.title.trim() === '' &&
    draft.body.trim() === '' &&
    draft.category === null &&
    draft.topic.trim() === '' &&
    draft.products.length === 0 &&
    draft.pictures.length === 0
  );
}

/** The user's stored draft, or null (none, or one this version cannot read). */
export function readPublishDraft(userId: number): PublishDraft | null {
  let value: Partial<PublishDraft> | null;
  try {
    value = JSON.parse(readStorage('local', keyOf(userId)) ?? 'null') as Partial<PublishDraft> | null;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const pictures = Array.isArray(value.pictures) ? value.pictures.filter(isPicture) : [];
  const draft: PublishDraft = {
    contentType: value.contentType === 2 ? 2 : 0,
    title: isText(value.title) ? value.title : '',
    body: isText(value.body) ? value.body : '',
    category: isCount(value.category) ? value.category : null,
    topic: isText(value.topic) ? value.topic : '',
    products: Array.isArray(value.products) ? value.products.filter(isProduct) : [],
    pictures,
    coverIndex: isCount(value.coverIndex) && value.coverIndex < pictures.length ? value.coverIndex : 0,
  };
  return isEmptyDraft(draft) ? null : draft;
}

/** Keeps the user's draft (an empty one removes it). */
export function savePublishDraft(userId: number, draft: PublishDraft): void {
  writeStorage('local', keyOf(userId), isEmptyDraft(draft) ? null : JSON.stringify(draft));
}

/** Forgets the user's draft (it was published). */
export function clearPublishDraft(userId: number): void {
  writeStorage('local', keyOf(userId), null);
}
