import { readStorage, writeStorage } from '../../lib/browser-storage';

// Issue 28 point 2: a comment being written survives a login (the web login and the app's native
// login both end in a page load) and a reload. One entry per content in this tab's
// sessionStorage: the text per addressee (the content itself, or the comment answered), and
// whether the composer was open with it when the page went, so it opens again.

/** Whom a comment answers: the comment's id, its parent (null for a top-level one) and its author's name. */
export interface ReplyTarget {
  replyId: number;
  parentId: number | null;
  userName: string;
}

interface Stored {
  /** Text per addressee: `'0'` for the content, else the answered comment's id. */
  texts: Record<string, string>;
  /** The answered comments the texts name. */
  targets: Record<string, ReplyTarget>;
  /** The addressee whose composer was open (sending, or being written) when the page went. */
  open?: string;
}

/** A draft shown again: its text and whom it answers. */
export interface Draft {
  text: string;
  to: ReplyTarget | null;
}

const keyOf = (contentId: number) => `h5:comment-draft:${contentId}`;
const addressee = (to: ReplyTarget | null) => (to ? String(to.replyId) : '0');

function read(contentId: number): Stored {
  try {
    const value = JSON.parse(readStorage('session', keyOf(contentId)) ?? 'null') as Stored | null;
    if (value && typeof value.texts === 'object' && typeof value.targets === 'object') return value;
  } catch {
    // A value this version cannot read starts afresh.
  }
  return { texts: {}, targets: {} };
}

function write(contentId: number, stored: Stored): void {
  const empty = Object.keys(stored.texts).length === 0 && stored.open === undefined;
  writeStorage('session', keyOf(contentId), empty ? null : JSON.stringify(stored));
}

/** The draft text for this addressee ('' when none). */
export function readDraft(contentId: number, to: ReplyTarget | null): string {
  return read(contentId).texts[addressee(to)] ?? '';
}

/**
 * Keeps the text for this addressee (an empty text drops it); `open` says whether the composer is
 * open with it, so a page load (after a login, a reload) opens it again.
 */
export function saveDraft(contentId: number, to: ReplyTarget | null, text: string, open: boolean): void {
  const stored = read(contentId);
  const key = addressee(to);
  if (text === '') {
    delete stored.texts[key];
    delete stored.targets[key];
  } else {
    stored.texts[key] = text;
    if (to) stored.targets[key] = to;
  }
  if (open) stored.open = key;
  else if (stored.open === key) delete stored.open;
  write(contentId, stored);
}

/** The draft whose composer was open when the page went, once: the composer opens with it. */
export function takeOpenDraft(contentId: number): Draft | null {
  const stored = read(contentId);
  const key = stored.open;
  if (key === undefined) return null;
  delete stored.open;
  write(contentId, stored);
  const to = key === '0' ? null : (stored.targets[key] ?? null);
  if (key !== '0' && !to) return null;
  return { text: stored.texts[key] ?? '', to };
}
