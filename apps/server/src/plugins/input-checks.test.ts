import { describe, expect, it } from 'vitest';
import { tooDeepField } from './json-body';
import { unstorableTextPath } from './stored-text';

describe('tooDeepField (the JSON parser depth check)', () => {
  it('counts objects and arrays, not brackets inside strings or after escaped quotes', () => {
    expect(tooDeepField('{"a":"[[[[[[","b":"\\"[[[["}', 2)).toBeNull();
    expect(tooDeepField('{"a":[[1]]}', 3)).toBeNull();
  });

  it('names the top-level field the nesting is under, or body', () => {
    expect(tooDeepField('{"a":[[1]]}', 2)).toBe('a');
    expect(tooDeepField('{"x":1,"k":{"y":[1]}}', 2)).toBe('k');
    expect(tooDeepField('{"a\\u0062":[[1]]}', 2)).toBe('ab');
    expect(tooDeepField('[[1]]', 1)).toBe('body');
  });
});

describe('unstorableTextPath (text the database cannot store)', () => {
  it('finds the first NUL or unpaired surrogate in document order', () => {
    expect(unstorableTextPath({ a: 'ok', b: ['x', 'y\u0000'], c: '\u0000' })).toBe('b.1');
    expect(unstorableTextPath({ a: { b: 'x\uDC00' } })).toBe('a.b');
    expect(unstorableTextPath({ a: '\uDC00\uD800' })).toBe('a');
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toBe('a');
  });

  it('passes paired surrogates (emoji), other control characters and skipped fields', () => {
    expect(unstorableTextPath({ a: '好看😀\t\u0001', n: 1, z: null })).toBeNull();
    expect(unstorableTextPath({ events: [{ tracker: '\u0000' }] }, ['events'])).toBeNull();
  });
});
