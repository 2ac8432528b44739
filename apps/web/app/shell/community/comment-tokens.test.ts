import { describe, expect, it } from 'vitest';
import { insertEmojiToken, splitEmojiTokens } from './comment-tokens';

const mapping = new Map([
  ['666', '/cdn/seed/emoji-1.svg'],
  ['笑哭', '/cdn/seed/emoji-2.svg'],
]);

describe('splitEmojiTokens', () => {
  it('replaces known tokens and keeps unknown ones as text', () => {
    expect(splitEmojiTokens('好[666][笑哭]啊[nope]!', mapping)).toEqual([
      { kind: 'text', text: '好' },
      { kind: 'emoji', name: '666', url: '/cdn/seed/emoji-1.svg' },
      { kind: 'emoji', name: '笑哭', url: '/cdn/seed/emoji-2.svg' },
      { kind: 'text', text: '啊[nope]!' },
    ]);
  });

  it('leaves markup as text (rendered by React, never as HTML)', () => {
    expect(splitEmojiTokens('<img src=x onerror=alert(1)>[666]', mapping)).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
      { kind: 'emoji', name: '666', url: '/cdn/seed/emoji-1.svg' },
    ]);
  });

  it('handles empty text, nested brackets and no mapping', () => {
    expect(splitEmojiTokens('', mapping)).toEqual([]);
    expect(splitEmojiTokens('[[666]]', mapping)).toEqual([
      { kind: 'text', text: '[' },
      { kind: 'emoji', name: '666', url: '/cdn/seed/emoji-1.svg' },
      { kind: 'text', text: ']' },
    ]);
    expect(splitEmojiTokens('[666]', new Map())).toEqual([{ kind: 'text', text: '[666]' }]);
  });
});

describe('insertEmojiToken', () => {
  it('replaces the selection and puts the caret after the token', () => {
    expect(insertEmojiToken('abcd', 1, 3, '666')).toEqual({ value: 'a[666]d', caret: 6 });
    expect(insertEmojiToken('', 0, 0, '笑哭')).toEqual({ value: '[笑哭]', caret: 4 });
  });
});
