import type { Endpoint } from '@h5/contract';
import { pathParams } from '@h5/core';
import type { z } from 'zod';
import { elementOf, type FieldKind, maxLengthOf, peel, shapeOf } from './zod-sample';

/**
 * The bad inputs of the contract fuzz test (issue 11 point 2), generated from an entry's request
 * schema and a valid base input: text PostgreSQL cannot store, integers past an `integer`
 * column, wrong types, JSON nested 50,000 deep, crafted keyset cursors.
 */

/** What a case must get: a 400 envelope naming the field, or at least no 5xx (a 400 still names it). */
export type Expectation = 'refused' | 'no5xx' | 'perItem';

export interface FuzzCase {
  label: string;
  /** The field a refusal must name (`images.0.key`), or `body`. */
  field: string;
  /** The call's input (query or body with path parameters); ignored when `rawBody` is set. */
  input: Record<string, unknown>;
  /** A POST body sent as this text, unsigned (refused before the sign is looked at). */
  rawBody?: string;
  expect: Expectation;
}

type Path = readonly (string | number)[];

interface Leaf {
  path: Path;
  kind: FieldKind;
  /** The longest string the schema takes (free-form values: none). */
  maxLength?: number | null;
}

/** Deep enough to overflow any recursive walk (the 50,000). */
export const DEEP_LEVELS = 50_000;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Keyset cursors a client could forge: none of them was ever issued. */
export const CRAFTED_CURSORS = [
  'not a cursor!',
  b64('1:2'.repeat(40)),
  b64('999999999999999:1'),
  b64('1700000000000:2147483648'),
  b64('1700000000000:9999999999'),
  b64('r1e999:1'),
  b64('r-1e999:1'),
  b64('r1:99999999999'),
  b64('rNaN:1'),
  b64('-1:1'),
  b64('1.5:1'),
];

/**
 * Ranks a ranked list's cursor may carry that an `integer` rank column cannot hold (issue 26
 * point 9: intimacy, views): a float-ranked list (the hot feed) may take them, an integer-ranked
 * one must refuse them, neither may reach the database with them.
 */
export const RANK_EDGE_CURSORS = [
  b64('r99999999999:1'),
  b64('r2147483648:1'),
  b64('r-2147483649:1'),
  b64('r1.5:1'),
  b64('r1e20:1'),
];

/** Integers no `integer` column holds, a float past every range and a non-number. */
const BAD_INTEGERS = [2_147_483_648, -2_147_483_649, 1e308, 'abc'];
/**
 * Values `Number()` turns into an integer that are none (issue 26 point 1): built from the field's
 * valid value, so a schema that coerces them reaches the handler with a real id and answers 200.
 */
const notIntegersInJson = (valid: unknown): unknown[] => [
  [valid],
  [String(valid)],
  true,
  false,
  Number(valid) + 0.5,
  { value: valid },
  `${String(valid)}.0`,
  `${String(valid)}e0`,
  ` ${String(valid)}`,
  '',
];
/** The same in a query string or form field, where every value is text. */
const notIntegersInText = (valid: unknown): string[] => [
  `${String(valid)}.0`,
  `${String(valid)}e0`,
  `0x${Number(valid).toString(16)}`,
  'true',
  ` ${String(valid)}`,
];
const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';
const STRINGY = new Set<FieldKind>(['string', 'enum', 'literal']);
/** A string for a field without a length limit (the URL of a GET still fits Node's 16 KiB header). */
const LONG_TEXT = 5000;

const pathName = (path: Path) => path.map(String).join('.');

/** A deep copy of `input` with `path` set to `value`. */
function withValue(input: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(input);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1) as string | number] = value;
  return copy;
}

const valueAt = (input: unknown, path: Path): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], input);

/** The string leaves of a free-form value (z.json(), z.unknown()): what its schema cannot describe. */
function valueLeaves(value: unknown, path: Path): Leaf[] {
  if (typeof value === 'string') return [{ path, kind: 'string' }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    valueLeaves(item, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** Every leaf field of `schema` the base input holds, arrays through their first item. */
function leavesOf(schema: z.core.$ZodType, base: unknown, path: Path): Leaf[] {
  const { kind } = peel(schema);
  if (kind === 'object') {
    return Object.entries(shapeOf(schema)).flatMap(([key, field]) =>
      valueAt(base, [...path, key]) === undefined ? [] : leavesOf(field, base, [...path, key]),
    );
  }
  if (kind === 'array') {
    return Array.isArray(valueAt(base, path)) ? leavesOf(elementOf(schema), base, [...path, 0]) : [];
  }
  if (kind === 'json' || kind === 'unknown') return valueLeaves(valueAt(base, path), path);
  return [{ path, kind, maxLength: kind === 'string' ? maxLengthOf(schema) : null }];
}

/** Every case for one contract entry, from its request schema and a valid base input. */
export function fuzzCases(
  endpoint: Endpoint,
  base: Record<string, unknown>,
  perItem: readonly string[],
): FuzzCase[] {
  const isGet = endpoint.method === 'GET';
  const inPath = new Set(pathParams(endpoint.path));
  const cases: FuzzCase[] = [];
  const add = (label: string, path: Path, value: unknown, expect: Expectation = 'refused') => {
    const field = pathName(path);
    const top = String(path[0]);
    const judged = perItem.includes(top) && path.length > 1 ? 'perItem' : expect;
    cases.push({
      label,
      field,
      input: withValue(base, path, value),
      expect: inPath.has(top) ? 'no5xx' : judged,
    });
  };

  for (const { path, kind, maxLength } of leavesOf(endpoint.request, base, [])) {
    const current = valueAt(base, path);
    if (kind === 'string') {
      // As long as the schema allows (every column must hold it), or far longer without a limit.
      add('longest string', path, 'a'.repeat(maxLength ?? LONG_TEXT), 'no5xx');
    }
    if (STRINGY.has(kind)) {
      add('NUL', path, `${String(current)}${NUL}x`);
      // A URL cannot carry a lone surrogate: its UTF-8 bytes are invalid and stay percent-encoded text.
      if (!isGet && !inPath.has(String(path[0]))) add('lone surrogate', path, `a${LONE_SURROGATE}b`);
    }
    if (kind === 'int') {
      for (const bad of BAD_INTEGERS) add(`integer ${bad}`, path, isGet ? String(bad) : bad);
      const notIntegers = isGet ? notIntegersInText(current) : notIntegersInJson(current);
      for (const bad of notIntegers) add(`not an integer ${JSON.stringify(bad)}`, path, bad);
    }
  }
  // Keyset cursors are left out of the base (the first page): their cases come from the schema.
  for (const [name, field] of Object.entries(shapeOf(endpoint.request))) {
    if (name !== 'lastId' || name in base || peel(field).kind !== 'string') continue;
    add('NUL', [name], `x${NUL}`);
    for (const cursor of CRAFTED_CURSORS) add(`cursor ${cursor}`, [name], cursor);
    for (const cursor of RANK_EDGE_CURSORS) add(`rank cursor ${cursor}`, [name], cursor, 'no5xx');
  }

  for (const [name, field] of Object.entries(shapeOf(endpoint.request))) {
    if (!(name in base) || inPath.has(name)) continue;
    const { kind } = peel(field);
    const freeForm = kind === 'json' || kind === 'unknown';
    if (isGet) {
      add('repeated key', [name], [String(base[name]), String(base[name])]);
      continue;
    }
    const wrong = kind === 'object' || kind === 'array' ? 'x' : { x: 1 };
    add('wrong type', [name], wrong, freeForm ? 'no5xx' : 'refused');
    // A nullable field takes null (a profile's `null` clears it): only no 5xx is asked of it then.
    const takesNull = (field as unknown as { safeParse: (v: unknown) => { success: boolean } }).safeParse(
      null,
    ).success;
    add('null', [name], null, kind === 'unknown' || takesNull ? 'no5xx' : 'refused');
    if (kind === 'json') {
      add('NUL in a nested value', [name], { a: [`x${NUL}`] });
      add('lone surrogate in a key', [name], { [`k${LONE_SURROGATE}`]: 1 });
    }
    const marker = '"__deep__"';
    const text = JSON.stringify(withValue(base, [name], '__deep__')).replace(marker, deepArray(DEEP_LEVELS));
    cases.push({ label: 'deep JSON', field: name, input: base, rawBody: text, expect: 'refused' });
  }

  if (!isGet) {
    cases.push({
      label: 'deep JSON body',
      field: 'body',
      input: base,
      rawBody: deepArray(DEEP_LEVELS),
      expect: 'refused',
    });
  } else {
    const key = `a${'[b]'.repeat(2000)}`;
    cases.push({ label: 'bracket key', field: key, input: { ...base, [key]: '1' }, expect: 'no5xx' });
  }
  return cases;
}
