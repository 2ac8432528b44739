import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

describe('sameOriginPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(sameOriginPath('/')).toBe('/');
    expect(sameOriginPath('/community/feed?x=1&y=%E4%BD%A0#top')).toBe('/community/feed?x=1&y=%E4%BD%A0#top');
    expect(sameOriginPath('/feedback/accuse?type=content&id=3')).toBe('/feedback/accuse?type=content&id=3');
  });

  it('re-serialises what it keeps: only ASCII, fit for a Location header', () => {
    expect(sameOriginPath('/话题?名=值')).toBe('/%E8%AF%9D%E9%A2%98?%E5%90%8D=%E5%80%BC');
    expect(sameOriginPath('/a b')).toBe('/a%20b');
    expect(sameOriginPath('/a/../b/./c')).toBe('/b/c');
  });

  // The vectors: browsers drop tab / CR / LF anywhere in a URL, so `/\t/evil` is `//evil`.
  it.each([
    ['/\t/evil.example/'],
    ['/\n/evil.example/'],
    ['/\r\n/evil.example/'],
    ['/\r/evil.example/'],
    ['\t//evil.example'],
    [' //evil.example'],
    ['/\u0000/evil.example'],
    ['/\u001f/evil.example'],
    ['/\u007f/evil.example'],
    ['/\u0085/evil.example'],
  ])('refuses control characters: %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it.each([
    ['//evil.example'],
    ['///evil.example'],
    ['////evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['/\\/evil.example'],
  ])('refuses protocol-relative and backslash forms: %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  it.each([
    ['https://evil.example/'],
    ['http://evil.example'],
    ['http:evil.example'],
    ['https:/evil.example'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['evil.example'],
    ['community/feed'],
    ['?redirect=x'],
    ['#top'],
    [''],
  ])('refuses anything that is not a path starting with one slash: %j', (value) => {
    expect(sameOriginPath(value)).toBeNull();
  });

  // Dot segments can leave a path that starts with `//` once normalised: a protocol-relative URL.
  it.each([['/.//evil.example'], ['/..//evil.example'], ['/a/..//evil.example'], ['/%2e//evil.example']])(
    'refuses a path that normalises to a protocol-relative URL: %j',
    (value) => {
      expect(sameOriginPath(value)).toBeNull();
    },
  );

  it('keeps encoded look-alikes as harmless same-origin paths', () => {
    // Percent-encoded slashes and backslashes stay encoded: the browser asks our server for them.
    expect(sameOriginPath('/%2F/evil.example')).toBe('/%2F/evil.example');
    expect(sameOriginPath('/%5Cevil.example')).toBe('/%5Cevil.example');
    expect(sameOriginPath('/%09/evil.example')).toBe('/%09/evil.example');
    // U+3000 (ideographic space) is not stripped by browsers: it is encoded in the path.
    expect(sameOriginPath('/\u3000/evil.example')).toBe('/%E3%80%80/evil.example');
  });

  it('refuses null and undefined', () => {
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(undefined)).toBeNull();
  });
});
