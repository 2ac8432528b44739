/**
 * The XML of OSS's wire protocol (docs/upload-protocol.md §2): small flat documents such as
 * `InitiateMultipartUploadResult`, `ListPartsResult`, `CompleteMultipartUpload` and `Error`.
 * Written by the storage host, read by it (complete's body) and by the upload SDK in browsers
 * and Node alike (no DOMParser). Elements and text only: attributes are skipped, a DOCTYPE
 * (entity definitions) is refused.
 */

/** An element: its name, its text (entities decoded) and its child elements in order. */
export interface XmlElement {
  name: string;
  text: string;
  children: XmlElement[];
}

/** A tree to write: a value per element name; an array repeats the element. */
export type XmlValue = string | number | boolean | null | undefined | XmlTree | XmlTree[] | string[];
export interface XmlTree {
  [name: string]: XmlValue;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text safe inside an element (quotes stay as they are, as OSS writes `<ETag>"…"</ETag>`; no attributes are written). */
export const escapeXml = (text: string): string => text.replace(/[&<>]/g, (c) => ESCAPES[c] as string);

function writeValue(name: string, value: XmlValue): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => writeValue(name, item as XmlValue)).join('');
  if (typeof value === 'object') return `<${name}>${writeTree(value)}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const writeTree = (tree: XmlTree): string =>
  Object.entries(tree)
    .map(([name, value]) => writeValue(name, value))
    .join('');

/** A whole document: the declaration and `<root>…</root>` (undefined and null values are left out). */
export const xmlDocument = (root: string, tree: XmlTree): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${writeTree(tree)}</${root}>`;

/** Why a text is not a document this reader accepts. */
export class XmlError extends Error {
  override readonly name = 'XmlError';
  constructor(
    message: string,
    /** True when the document nests deeper than allowed (the caller may answer differently). */
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const named = NAMED_ENTITIES[entity];
    if (named === undefined) throw new XmlError(`unknown entity ${whole}`);
    return named;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

/**
 * Reads a document into its root element. Refuses anything malformed (unclosed or mismatched
 * tags, text outside the root, a DOCTYPE) and nesting deeper than `maxDepth`.
 */
export function parseXml(source: string, maxDepth = 32): XmlElement {
  let at = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const text = source.replace(/^\uFEFF/, '');
  while (at < text.length) {
    const open = text.indexOf('<', at);
    const chunk = text.slice(at, open < 0 ? text.length : open);
    if (chunk.trim() !== '') {
      const current = stack.at(-1);
      if (!current) throw new XmlError('text outside the root element');
      current.text += decodeEntities(chunk);
    } else if (stack.length > 0) {
      (stack.at(-1) as XmlElement).text += chunk;
    }
    if (open < 0) break;
    if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open);
      if (end < 0) throw new XmlError('unterminated declaration');
      at = end + 2;
    } else if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open);
      if (end < 0) throw new XmlError('unterminated comment');
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open);
      const current = stack.at(-1);
      if (end < 0 || !current) throw new XmlError('misplaced CDATA section');
      current.text += text.slice(open + 9, end);
      at = end + 3;
    } else if (text.startsWith('<!', open)) {
      throw new XmlError('DOCTYPE and declarations are not accepted');
    } else if (text.startsWith('</', open)) {
      const end = text.indexOf('>', open);
      const name = text.slice(open + 2, end < 0 ? text.length : end).trim();
      const current = stack.pop();
      if (end < 0 || !current || current.name !== name) throw new XmlError(`unexpected </${name}>`);
      at = end + 1;
    } else {
      const end = text.indexOf('>', open);
      if (end < 0) throw new XmlError('unterminated tag');
      const inner = text.slice(open + 1, end);
      const selfClosing = inner.endsWith('/');
      const name = NAME.exec(inner)?.[0];
      if (!name) throw new XmlError('a tag without a name');
      if (root && stack.length === 0) throw new XmlError('more than one root element');
      const element: XmlElement = { name, text: '', children: [] };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        if (stack.length > maxDepth) throw new XmlError(`nested deeper than ${maxDepth} levels`, true);
      }
      at = end + 1;
    }
  }
  if (!root || stack.length > 0) throw new XmlError(root ? 'unclosed element' : 'no root element');
  return root;
}

/** The children of `element` named `name`. */
export const xmlChildren = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child) => child.name === name);

/** The trimmed text of the first child named `name`, or undefined. */
export const xmlChildText = (element: XmlElement, name: string): string | undefined =>
  element.children.find((child) => child.name === name)?.text.trim();
