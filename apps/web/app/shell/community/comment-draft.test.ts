import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft, saveDraft, takeOpenDraft } from './comment-draft';

/** A sessionStorage stand-in for the node environment. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const ann = { replyId: 7, parentId: null, userName: '大雨ing' };

describe('comment drafts (issue 28 point 2)', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { sessionStorage: storage, localStorage: memoryStorage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a text per content and addressee', () => {
    saveDraft(1, null, '说得好', false);
    saveDraft(1, ann, '同问', false);
    saveDraft(2, null, '别的内容', false);
    expect(readDraft(1, null)).toBe('说得好');
    expect(readDraft(1, ann)).toBe('同问');
    expect(readDraft(2, null)).toBe('别的内容');
    expect(readDraft(2, ann)).toBe('');
  });

  it('an empty text drops the draft, and the entry goes when nothing is left', () => {
    saveDraft(1, ann, '同问', false);
    saveDraft(1, ann, '', false);
    expect(readDraft(1, ann)).toBe('');
    expect(storage.length).toBe(0);
  });

  it('the draft that was open when the page went opens again once, with whom it answers', () => {
    saveDraft(1, ann, '同问', true);
    expect(takeOpenDraft(1)).toEqual({ text: '同问', to: ann });
    expect(takeOpenDraft(1)).toBeNull();
    expect(readDraft(1, ann)).toBe('同问');
  });

  it('a closed composer does not open again; an open empty one does (for the content)', () => {
    saveDraft(1, null, '说得好', true);
    saveDraft(1, null, '说得好', false);
    expect(takeOpenDraft(1)).toBeNull();
    saveDraft(3, null, '', true);
    expect(takeOpenDraft(3)).toEqual({ text: '', to: null });
  });

  it('an unreadable stored value starts afresh', () => {
    storage.setItem('h5:comment-draft:1', '{not json');
    expect(readDraft(1, null)).toBe('');
    expect(takeOpenDraft(1)).toBeNull();
  });
});
