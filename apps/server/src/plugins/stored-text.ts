/**
 * Text PostgreSQL cannot store: `text` refuses NUL, `jsonb` refuses NUL and a UTF-16 surrogate
 * without its pair (and the drivers quietly turn a lone surrogate in `text` into U+FFFD). One
 * check for every place untrusted text comes in (issue 11 point 2).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The reason a refusal gives after the field's name (`text: 不能包含 …`). */
export const UNSTORABLE_TEXT_MESSAGE = '不能包含 NUL 或不成对的代理字符';

/** True when `text` holds a NUL or an unpaired surrogate. */
export const isUnstorable = (text: string): boolean => UNSTORABLE.test(text);

/**
 * The path (`images.0.key`) of the first string in `value`, in document order, that the database
 * cannot store; a bad object key names its object (`''` at the top). Null when all is storable.
 * Iterative, so no input nests deep enough to overflow it. `skip` names top-level fields left to
 * their handler (an endpoint's `perItem`).
 */
export function unstorableTextPath(value: unknown, skip: readonly string[] = []): string | null {
  const stack: [unknown, string][] = [[value, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item);
    if (entries.some(([key]) => UNSTORABLE.test(key))) return path;
    // Pushed last to first, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (path === '' && skip.includes(key)) continue;
      stack.push([child, path === '' ? key : `${path}.${key}`]);
    }
  }
  return null;
}
