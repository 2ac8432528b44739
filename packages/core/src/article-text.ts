// The article-text transform of spec §5, run on the server before a RichText content is sent.
// Security model: the input is tokenised, every token is checked against an allow-list, and the
// output is serialised afresh from the tokens with everything escaped. Whatever a browser makes
// of odd input, it can only ever see the tags and attributes written here, so no script runs.
import { ARTICLE_IMAGE_WIDTH, VIDEO_START_OFFSET_S } from './constants';
import { optimiseImageUrl } from './image-url';

/**
 * The fixed product link form: `<a href="h5://product/<spuId>/<propertyValueId>">`, two numeric
 * arguments, the first the spuId (spec §5). Nothing else becomes a product card.
 */
export const PRODUCT_LINK_PATTERN = /^h5:\/\/product\/(\d{1,9})\/(\d{1,9})$/;

/** Builds a product link in the fixed form (for seeds and tests). */
export function productLink(spuId: number, propertyValueId = 0): string {
  return `h5://product/${spuId}/${propertyValueId}`;
}

/** A run of sanitised HTML, or a product card placeholder the page renders as a card. */
export type ArticleBlock =
  | { kind: 'html'; html: string }
  | { kind: 'product'; spuId: number; propertyValueId: number };

/** Options of {@link transformArticle}. */
export interface ArticleOptions {
  /** The page origin, so absolute same-origin `/cdn/` images are optimised too. */
  origin?: string | undefined;
  /** The alt text of images the author gave none (the content's title): no image goes unnamed. */
  imageAlt?: string | undefined;
}

// Tags kept (without their attributes unless listed below); unknown tags are dropped, their text kept.
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'figure',
  'figcaption',
  'a',
  'img',
  'video',
  'source',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'source', 'wbr', 'embed', 'frame']);
// Dropped together with everything inside them.
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'svg',
  'math',
  'select',
  'head',
]);
const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  img: ['src'],
  video: ['src', 'poster'],
  source: ['src'],
};
const TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  img: ['alt', 'width', 'height'],
  source: ['type'],
  a: ['title'],
};

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes numeric and the common named character references (others stay literal, then escaped). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    return whole.endsWith(';') ? (NAMED_ENTITIES[ref.toLowerCase()] ?? whole) : whole;
  });
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** True for http(s), protocol-relative and scheme-less (relative) URLs; false for javascript:, data: etc. */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme: `java\tscript:` is javascript:.
  const compact = [...url]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();
  const scheme = /^([^/?#]*?):/.exec(compact);
  return scheme === null || scheme[1] === 'http' || scheme[1] === 'https';
}

interface Tag {
  name: string;
  attrs: Map<string, string>;
  selfClosing: boolean;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (attrs.has(name)) continue; // the first one wins, as in browsers
    attrs.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attrs;
}

/** Where the tag starting at `from` (a `<`) ends: the `>` outside quotes, or -1. */
function tagEnd(html: string, from: number): number {
  let quote = '';
  for (let i = from + 1; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      // Quotes only open inside an attribute value (after `=`), as in the HTML tokeniser.
      if (/=\s*$/.test(html.slice(Math.max(from, i - 8), i))) quote = c;
    } else if (c === '>') return i;
  }
  return -1;
}

function videoSource(url: string): string {
  return url.includes('#') ? url : `${url}#t=${VIDEO_START_OFFSET_S}`;
}

function startTag(tag: Tag, options: ArticleOptions): string {
  let out = `<${tag.name}`;
  for (const name of URL_ATTRIBUTES[tag.name] ?? []) {
    const value = tag.attrs.get(name)?.trim();
    if (!value || !isSafeUrl(value)) continue;
    let url = value;
    if (tag.name === 'img' || name === 'poster') {
      url = optimiseImageUrl(value, { width: ARTICLE_IMAGE_WIDTH, origin: options.origin });
    } else if (tag.name === 'video' || tag.name === 'source') {
      url = videoSource(value);
    }
    out += ` ${name}="${escapeHtml(url)}"`;
  }
  for (const name of TEXT_ATTRIBUTES[tag.name] ?? []) {
    const value = tag.attrs.get(name);
    if (value === undefined) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,5}$/.test(value)) continue;
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  if (tag.name === 'a') out += ' rel="noopener noreferrer nofollow"';
  if (tag.name === 'img' && options.imageAlt !== undefined && !tag.attrs.has('alt'))
    out += ` alt="${escapeHtml(options.imageAlt)}"`;
  if (tag.name === 'img') out += ' loading="lazy" decoding="async"';
  if (tag.name === 'video') out += ' controls playsinline preload="metadata"';
  return `${out}>`;
}

/** Plain text (no tags at all) becomes paragraphs split on blank lines. */
function paragraphsOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(decodeEntities(p)).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The spec §5 transform: sanitises article HTML (allow-listed tags and attributes; no scripts,
 * styles, frames, event handlers or script URLs), turns product links of the fixed form into
 * product blocks, resizes images to width 1005 (q_75 + webp on CDN images) and starts videos at
 * 0.1 s. Plain text becomes paragraphs.
 */
export function transformArticle(body: string, options: ArticleOptions = {}): ArticleBlock[] {
  if (!body.includes('<')) {
    const html = paragraphsOf(body);
    return html === '' ? [] : [{ kind: 'html', html }];
  }
  const blocks: ArticleBlock[] = [];
  const open: Array<{ name: string; start: string }> = [];
  let html = '';
  let skipUntil: string | null = null; // inside a dropped element or a product link
  let i = 0;

  const flush = () => {
    const closing = open
      .map((t) => `</${t.name}>`)
      .reverse()
      .join('');
    const content = html + closing;
    if (content.replace(/<(p|div|span)>(<\/\1>)?|<\/(p|div|span)>/g, '').trim() !== '') {
      blocks.push({ kind: 'html', html: content });
    }
    html = open.map((t) => t.start).join('');
  };

  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const textEnd = lt === -1 ? body.length : lt;
    if (textEnd > i) {
      if (skipUntil === null) html += escapeHtml(decodeEntities(body.slice(i, textEnd)));
      i = textEnd;
      continue;
    }
    // A comment, doctype or processing instruction: dropped whole.
    if (body.startsWith('<!--', i)) {
      const end = body.indexOf('-->', i + 4);
      i = end === -1 ? body.length : end + 3;
      continue;
    }
    const m = /^<(\/?)([a-z][a-z0-9-]*)/i.exec(body.slice(i, i + 40));
    if (!m) {
      if (body[i + 1] === '!' || body[i + 1] === '?' || body[i + 1] === '/') {
        const end = body.indexOf('>', i);
        i = end === -1 ? body.length : end + 1;
      } else {
        if (skipUntil === null) html += '&lt;';
        i++;
      }
      continue;
    }
    const end = tagEnd(body, i);
    if (end === -1) break; // an unfinished tag at the end: dropped
    const closing = m[1] === '/';
    const name = (m[2] as string).toLowerCase();
    const inner = body.slice(i + m[0].length, end);
    i = end + 1;

    if (skipUntil !== null) {
      if (closing && name === skipUntil) skipUntil = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !VOID_TAGS.has(name) && !/\/\s*$/.test(inner)) skipUntil = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;

    if (closing) {
      const at = open.map((t) => t.name).lastIndexOf(name);
      if (at === -1) continue;
      for (const t of open.splice(at).reverse()) html += `</${t.name}>`;
      continue;
    }
    const tag: Tag = { name, attrs: parseAttributes(inner), selfClosing: /\/\s*$/.test(inner) };
    if (name === 'a') {
      const product = PRODUCT_LINK_PATTERN.exec(tag.attrs.get('href')?.trim() ?? '');
      if (product) {
        flush();
        blocks.push({ kind: 'product', spuId: Number(product[1]), propertyValueId: Number(product[2]) });
        skipUntil = 'a';
        continue;
      }
    }
    const start = startTag(tag, options);
    html += start;
    if (!VOID_TAGS.has(name)) open.push({ name, start });
  }
  flush();
  return blocks;
}

/** The distinct spuIds of an article's product blocks, in order of appearance. */
export function articleSpuIds(blocks: readonly ArticleBlock[]): number[] {
  const ids = blocks.flatMap((b) => (b.kind === 'product' ? [b.spuId] : []));
  return [...new Set(ids)];
}
