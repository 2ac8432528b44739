import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPublishDraft,
  EMPTY_DRAFT,
  isEmptyDraft,
  type PublishDraft,
  readPublishDraft,
  savePublishDraft,
} from './publish-draft';

/** A localStorage stand-in for the node environment. */
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

const draft: PublishDraft = {
  contentType: 0,
  title: 'AJ1 复古红上脚',
  body: '周末穿出门',
  category: 7,
  topic: '七夕',
  products: [{ spuId: 1000008, title: 'Air Jordan 1', logoUrl: 'https://cdn.test/p.png' }],
  pictures: [
    { key: 'community-h5/publish/a.jpg', url: 'https://cdn.test/a.jpg', width: 800, height: 600 },
    { key: 'community-h5/publish/b.jpg', url: 'https://cdn.test/b.jpg', width: 600, height: 800 },
  ],
  coverIndex: 1,
};

describe('publisher drafts (issue 32 point 1)', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a draft per user in localStorage', () => {
    savePublishDraft(42, draft);
    expect(storage.getItem('h5:publish-draft:42')).not.toBeNull();
    expect(readPublishDraft(42)).toEqual(draft);
    expect(readPublishDraft(43)).toBeNull();
  });

  it('stores no empty draft, and an empty one removes the stored one', () => {
    expect(isEmptyDraft(EMPTY_DRAFT)).toBe(true);
    expect(isEmptyDraft({ ...EMPTY_DRAFT, title: '  ' })).toBe(true);
    expect(isEmptyDraft({ ...EMPTY_DRAFT, topic: '七夕' })).toBe(false);
    savePublishDraft(42, draft);
    savePublishDraft(42, EMPTY_DRAFT);
    expect(storage.getItem('h5:publish-draft:42')).toBeNull();
  });

  it('clears the draft once published', () => {
    savePublishDraft(42, draft);
    clearPublishDraft(42);
    expect(readPublishDraft(42)).toBeNull();
  });

  it('drops what it cannot read: bad JSON, bad pictures and products, a cover past the end', () => {
    storage.setItem('h5:publish-draft:42', '{not json');
    expect(readPublishDraft(42)).toBeNull();
    storage.setItem(
      'h5:publish-draft:42',
      JSON.stringify({
        contentType: 7,
        title: '标题',
        pictures: [
          { key: 'k/0', url: '', width: 1, height: 1 },
          { url: 'https://cdn.test/no-key.jpg', width: 1, height: 1 },
          { key: 'k/a', url: 'https://cdn.test/a.jpg', width: 8, height: 6 },
          'x',
        ],
        products: [{ spuId: 'x' }],
        coverIndex: 5,
        category: -1,
      }),
    );
    expect(readPublishDraft(42)).toEqual({
      ...EMPTY_DRAFT,
      title: '标题',
      pictures: [{ key: 'k/a', url: 'https://cdn.test/a.jpg', width: 8, height: 6 }],
    });
  });
});
