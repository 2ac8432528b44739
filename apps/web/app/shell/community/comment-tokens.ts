/** A piece of comment text: plain text, or an emoji token found in the mapping. */
export type CommentPart = { kind: 'text'; text: string } | { kind: 'emoji'; name: string; url: string };

const TOKEN = /\[([^[\]\n]{1,32})\]/g;

/**
 * Splits comment text at `[name]` tokens (spec §3): tokens in the mapping become emoji parts,
 * unknown ones stay text. The caller renders parts as React elements, never as HTML.
 */
export function splitEmojiTokens(text: string, mapping: ReadonlyMap<string, string>): CommentPart[] {
  const parts: CommentPart[] = [];
  let plain = '';
  let from = 0;
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1] as string;
    const url = mapping.get(name);
    if (url === undefined) continue;
    plain += text.slice(from, match.index);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'emoji', name, url });
    from = match.index + match[0].length;
  }
  plain += text.slice(from);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}

/** Puts `[name]` in place of the selection `start..end`; the new value and the caret after it. */
export function insertEmojiToken(value: string, start: number, end: number, name: string) {
  const token = `[${name}]`;
  return { value: value.slice(0, start) + token + value.slice(end), caret: start + token.length };
}
