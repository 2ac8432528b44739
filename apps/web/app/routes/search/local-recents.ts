import { SEARCH_RECENTS_MAX } from '@h5/contract';

/** A visitor's recent searches live in this browser only (a signed-in user's on the server). */
const KEY = 'h5.search.recents';

/** The visitor's recent keywords, newest first; [] when storage is unavailable or damaged. */
export function readLocalRecents(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((k): k is string => typeof k === 'string').slice(0, SEARCH_RECENTS_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `keyword` first (once), keeping the newest ten. */
export function addLocalRecent(keyword: string): void {
  const next = [keyword, ...readLocalRecents().filter((k) => k !== keyword)].slice(0, SEARCH_RECENTS_MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full store: recents are a convenience, the search itself goes on.
  }
}

/** Forgets the visitor's recent keywords. */
export function clearLocalRecents(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}

/** The parts of `text` with the keyword's words marked: [plain, match, plain, …] by `match`. */
export function splitMarks(text: string, keyword: string): { text: string; match: boolean }[] {
  const words = keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const lower = text.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  let plainFrom = 0;
  while (at < text.length) {
    const word = words.find((w) => lower.startsWith(w, at));
    if (word) {
      if (plainFrom < at) parts.push({ text: text.slice(plainFrom, at), match: false });
      parts.push({ text: text.slice(at, at + word.length), match: true });
      at += word.length;
      plainFrom = at;
    } else at += 1;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom), match: false });
  return parts;
}
