import { describe, expect, it } from 'vitest';
import {
  type ArticleBlock,
  articleSpuIds,
  isSafeUrl,
  PRODUCT_LINK_PATTERN,
  productLink,
  transformArticle,
} from './article-text';

const RESIZED = 'x-oss-process=image/resize,w_1005/quality,q_75/format,webp';

/** All HTML of the blocks, joined. */
const htmlOf = (blocks: ArticleBlock[]) =>
  blocks.map((b) => (b.kind === 'html' ? b.html : `[product ${b.spuId}]`)).join('');
const clean = (html: string) => htmlOf(transformArticle(html));

describe('transformArticle: product links', () => {
  it('turns the fixed link form into a product block, splitting the HTML around it', () => {
    const blocks = transformArticle(
      `<p>before <strong>bold <a href="${productLink(1000008, 42)}">Nike Dunk</a> tail</strong></p><p>after</p>`,
    );
    expect(blocks).toEqual([
      { kind: 'html', html: '<p>before <strong>bold </strong></p>' },
      { kind: 'product', spuId: 1000008, propertyValueId: 42 },
      { kind: 'html', html: '<p><strong> tail</strong></p><p>after</p>' },
    ]);
  });

  it('recognises only two numeric arguments', () => {
    expect(PRODUCT_LINK_PATTERN.test('h5://product/12/0')).toBe(true);
    for (const href of ['h5://product/12', 'h5://product/12/x', 'h5://product/a/1', 'h5://product/1/2/3']) {
      const blocks = transformArticle(`<p><a href="${href}">x</a></p>`);
      expect(blocks.every((b) => b.kind === 'html')).toBe(true);
      // Not http(s): the link stays as text, without the href.
      expect(htmlOf(blocks)).toBe('<p><a rel="noopener noreferrer nofollow">x</a></p>');
    }
  });

  it('lists the distinct spuIds in order', () => {
    const blocks = transformArticle(
      [3, 1, 3].map((id) => `<p><a href="${productLink(id, 0)}">p</a></p>`).join(''),
    );
    expect(articleSpuIds(blocks)).toEqual([3, 1]);
    expect(blocks.filter((b) => b.kind === 'product')).toHaveLength(3);
  });
});

describe('transformArticle: media', () => {
  it('resizes CDN images to 1005 with q_75 + webp and leaves GIF, SVG and other hosts alone', () => {
    expect(clean('<img src="/cdn/a.jpg" width="800" height="600">')).toBe(
      `<img src="/cdn/a.jpg?${RESIZED}" width="800" height="600" loading="lazy" decoding="async">`,
    );
    expect(clean('<img src="/cdn/a.gif">')).toContain('src="/cdn/a.gif"');
    expect(clean('<img src="/cdn/a.svg">')).toContain('src="/cdn/a.svg"');
    expect(clean('<img src="https://other.example/a.jpg">')).toContain('src="https://other.example/a.jpg"');
    expect(
      htmlOf(transformArticle('<img src="https://h5.test/cdn/a.png">', { origin: 'https://h5.test' })),
    ).toContain(`src="https://h5.test/cdn/a.png?${RESIZED}"`);
  });

  it('starts video sources at 0.1 s, keeps controls and optimises the poster', () => {
    const html = clean(
      '<video src="/cdn/v.mp4" poster="/cdn/p.jpg" autoplay></video><video><source src="/cdn/w.mp4" type="video/mp4"></video>',
    );
    expect(html).toBe(
      `<video src="/cdn/v.mp4#t=0.1" poster="/cdn/p.jpg?${RESIZED}" controls playsinline preload="metadata"></video>` +
        '<video controls playsinline preload="metadata"><source src="/cdn/w.mp4#t=0.1" type="video/mp4"></video>',
    );
  });

  it('turns plain text into paragraphs, escaped', () => {
    expect(clean('one\nline\n\ntwo & three')).toBe('<p>one<br>line</p><p>two &amp; three</p>');
    expect(transformArticle('   ')).toEqual([]);
  });
});

describe('transformArticle: sanitising (no script from content runs)', () => {
  const vectors: Array<[string, string]> = [
    ['<script>window.__xss=1</script><p>ok</p>', '<p>ok</p>'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>', '<p>ok</p>'],
    ['<p>a<script>alert(1)</p>', '<p>a</p>'],
    ['<img src=x onerror="window.__xss=1">', '<img src="x" loading="lazy" decoding="async">'],
    ['<img/src=x/onerror=alert(1)>', '<img src="x/onerror=alert(1)" loading="lazy" decoding="async">'],
    ['<p onclick="alert(1)" style="background:url(javascript:alert(1))">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="jav&#x61;script:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<a href=" javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<a href="vbscript:x">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    // An unknown entity stays literal and is escaped: the browser reads a harmless relative URL.
    [
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="javascript&amp;colon;alert(1)" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<svg onload=alert(1)><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['<!-- <script>alert(1)</script> --><p>ok</p>', '<p>ok</p>'],
    ['<p>1 < 2 > 0</p>', '<p>1 &lt; 2 &gt; 0</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    [
      '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
      '<img src="x" alt="&quot; onerror=&quot;alert(1)" loading="lazy" decoding="async">',
    ],
    [
      '<img src="x" alt=\'a" onerror="alert(1)\'>',
      '<img src="x" alt="a&quot; onerror=&quot;alert(1)" loading="lazy" decoding="async">',
    ],
    // `<scr<script>` reads as one unknown tag; what follows is only text.
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<form action="javascript:x"><input onfocus=alert(1) autofocus></form>', ''],
    ['<img src="x" width="100%" height="1 onload=x">', '<img src="x" loading="lazy" decoding="async">'],
    [
      '<video src="javascript:alert(1)" onplay="alert(1)"></video>',
      '<video controls playsinline preload="metadata"></video>',
    ],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="//evil.example">', ''],
    ['<div><p>unclosed', '<div><p>unclosed</p></div>'],
    ['</p></div>text', 'text'],
    ['<p>cut <img src="x" onerror="alert(1)"', '<p>cut </p>'],
  ];
  it.each(vectors)('%s', (input, expected) => {
    expect(clean(input)).toBe(expected);
  });

  it('never emits a script tag, an event handler or a script URL for any vector', () => {
    for (const [input] of vectors) {
      // Attribute values are escaped text: only the markup outside them can carry a handler.
      const markup = clean(input)
        .toLowerCase()
        .replace(/="[^"]*"/g, '=""');
      const html = clean(input).toLowerCase();
      expect(html).not.toMatch(/<script|<iframe|<style|<svg|<object|<embed|<meta|<base|<form|<input/);
      expect(markup).not.toMatch(/\son[a-z]+\s*=/);
      expect(html).not.toMatch(/(href|src|poster)="\s*(javascript|data|vbscript):/);
    }
  });
});

describe('isSafeUrl', () => {
  it('allows http(s), protocol-relative and relative URLs only', () => {
    for (const url of [
      'https://a.b/c',
      'http://a',
      '//a.b/c',
      '/cdn/x.jpg',
      'x.jpg',
      '?a=1',
      '#top',
      'a/b:c',
    ]) {
      expect(isSafeUrl(url)).toBe(true);
    }
    for (const url of [
      'javascript:x',
      'JAVASCRIPT:x',
      ' javascript:x',
      'java\nscript:x',
      'data:x',
      'file:///etc',
    ]) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });
});

// Issue 14 point 8: every content image has alt text from its content.
describe('transformArticle image alt', () => {
  it('gives an image without alt the content text it is given, and keeps an alt the author wrote', () => {
    const html = (body: string) =>
      transformArticle(body, { imageAlt: '白色板鞋 "上脚"' })
        .map((b) => (b.kind === 'html' ? b.html : ''))
        .join('');
    expect(html('<p><img src="/cdn/a.jpg"></p>')).toContain('alt="白色板鞋 &quot;上脚&quot;"');
    expect(html('<p><img src="/cdn/a.jpg" alt="鞋底"></p>')).toContain('alt="鞋底"');
    expect(html('<p><img src="/cdn/a.jpg" alt="鞋底"></p>')).not.toContain('上脚');
  });
});
