import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/**
 * Zod 4 introspection for the contract fuzz test: what kind of value each field of a request
 * schema holds, and a value it accepts. Reads `_zod.def` / `_zod.bag`, zod 4's own description
 * of a schema.
 */
type Schema = z.core.$ZodType;

/** A field's kind after optional / default / pipe wrappers are peeled off. */
export type FieldKind =
  | 'string'
  | 'int'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'literal'
  | 'object'
  | 'array'
  | 'union'
  | 'json'
  | 'unknown';

export interface Peeled {
  schema: Schema;
  kind: FieldKind;
  optional: boolean;
  /** A coercing schema (`z.coerce.number()`): strings and other types are converted first. */
  coerce: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's def is a union of every schema's shape.
const defOf = (schema: Schema): any => schema._zod.def;

const KIND_OF_TYPE: Record<string, FieldKind> = {
  string: 'string',
  boolean: 'boolean',
  enum: 'enum',
  literal: 'literal',
  object: 'object',
  array: 'array',
  union: 'union',
  lazy: 'json',
  record: 'json',
  unknown: 'unknown',
  any: 'unknown',
};

/** True for a number schema with an integer check (`.int()`: zod's `safeint` format). */
const isInteger = (schema: Schema): boolean =>
  (defOf(schema).checks ?? []).some(
    (check: Schema) => defOf(check).check === 'number_format' && String(defOf(check).format).includes('int'),
  );

/** A string schema's longest length (`.max(n)`), or null without one. */
export function maxLengthOf(schema: Schema): number | null {
  const check = (defOf(peel(schema).schema).checks ?? []).find(
    (one: Schema) => defOf(one).check === 'max_length',
  );
  return check ? (defOf(check).maximum as number) : null;
}

/** The schema under optional / default / nullable / pipe wrappers, with its kind. */
export function peel(schema: Schema): Peeled {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') {
      optional = true;
      current = def.innerType;
    } else if (def.type === 'nullable' || def.type === 'readonly' || def.type === 'catch') {
      current = def.innerType;
    } else if (def.type === 'pipe') {
      // A preprocess (`wireInt`) is a transform piped into the schema that judges the value.
      current = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else break;
  }
  const def = defOf(current);
  const kind: FieldKind =
    def.type === 'number' ? (isInteger(current) ? 'int' : 'number') : (KIND_OF_TYPE[def.type] ?? 'unknown');
  return { schema: current, kind, optional, coerce: def.coerce === true };
}

/** The fields of an object schema (its `shape`), or none. */
export function shapeOf(schema: Schema): Record<string, Schema> {
  const { schema: inner, kind } = peel(schema);
  return kind === 'object' ? (defOf(inner).shape as Record<string, Schema>) : {};
}

/** The element schema of an array schema. */
export const elementOf = (schema: Schema): Schema => defOf(peel(schema).schema).element as Schema;

/** Strings tried in order for a string field: the first its schema accepts is used. */
const STRING_CANDIDATES = [
  'fuzz',
  'community-h5',
  '13800138000',
  '123456',
  'abcdef12',
  '12',
  'https://example.com/page',
  // A region as a picker gives it (province city district: the lottery address).
  '广东省 深圳市 南山区',
  randomUUID(),
  // An ISO instant (the backstage's time filters).
  '2026-01-01T00:00:00.000Z',
];

const accepts = (schema: Schema, value: unknown): boolean =>
  (schema as unknown as z.ZodType).safeParse(value).success;

/**
 * A value `schema` accepts. `named` offers realistic values by field name (ids from the
 * database, a known app id); one is used only when the field's schema accepts it, and a name
 * offered as `undefined` is left out (e.g. `lastId`: the first page).
 */
export function sampleOf(schema: Schema, name: string, named: Readonly<Record<string, unknown>>): unknown {
  const offered = named[name];
  if (Object.hasOwn(named, name) && offered === undefined && peel(schema).optional) return undefined;
  if (offered !== undefined && accepts(schema, offered)) return offered;
  const { schema: inner, kind } = peel(schema);
  const def = defOf(inner);
  const pick = (candidates: readonly unknown[]) => {
    const found = candidates.find((value) => accepts(schema, value));
    if (found === undefined) throw new Error(`no sample for field ${name} (${kind})`);
    return found;
  };
  switch (kind) {
    case 'string':
      return pick(STRING_CANDIDATES);
    case 'int':
    case 'number':
      // 2000: a year (a birth year's bounds exclude the small numbers).
      return pick([1, 20, 0, 2000]);
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sampleOf(def.options[0] as Schema, name, named);
    case 'object':
      return Object.fromEntries(
        Object.entries(shapeOf(inner))
          .map(([key, field]) => [key, sampleOf(field, key, named)])
          .filter(([, value]) => value !== undefined),
      );
    case 'array':
      return [sampleOf(def.element as Schema, name, named)];
    default:
      return pick(['fuzz', {}]);
  }
}

/**
 * A valid input of a request schema: every field sampled (optional ones too, so the fuzz cases
 * reach them); when a refinement refuses that (e.g. "exactly one of"), optional fields are left
 * out one at a time until it parses.
 */
export function baseInputOf(
  schema: Schema,
  named: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const full = sampleOf(schema, '', named) as Record<string, unknown>;
  if (accepts(schema, full)) return full;
  for (const [key, field] of Object.entries(shapeOf(schema))) {
    if (!peel(field).optional) continue;
    const { [key]: _left, ...fewer } = full;
    if (accepts(schema, fewer)) return fewer;
  }
  throw new Error(`no valid base input: ${JSON.stringify(full)}`);
}
