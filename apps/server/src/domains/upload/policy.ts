import { createHmac } from 'node:crypto';

/** base64 HMAC-SHA1, the signature of PostObject policies, OSS header signing and signed URLs. */
export const hmacSha1 = (secret: string, text: string): string =>
  createHmac('sha1', secret).update(text).digest('base64');

export interface PolicyInput {
  expiration: Date;
  maxBytes: number;
  keyPrefix: string;
  bucket: string;
}

/** base64 of the policy JSON of docs/upload-protocol.md §1. */
export function buildPolicy({ expiration, maxBytes, keyPrefix, bucket }: PolicyInput): string {
  const document = {
    expiration: expiration.toISOString(),
    conditions: [['content-length-range', 0, maxBytes], ['starts-with', '$key', keyPrefix], { bucket }],
  };
  return Buffer.from(JSON.stringify(document)).toString('base64');
}

/** What a posted policy allows; absent conditions allow anything. */
export interface ParsedPolicy {
  expiration: Date;
  lengthRange: { min: number; max: number } | null;
  keyStartsWith: string[];
  keyEquals: string[];
  buckets: string[];
  /** The raw conditions, for the refusal message. */
  conditions: unknown[];
}

const isStringPair = (value: unknown): value is [string, string, string] =>
  Array.isArray(value) && value.length === 3 && value.every((part) => typeof part === 'string');

/** Parses a base64 policy; null when it is not a policy document. */
export function parsePolicy(base64: string): ParsedPolicy | null {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
  } catch {
    return null; // Not JSON: the caller answers InvalidPolicyDocument.
  }
  if (typeof document !== 'object' || document === null) return null;
  const { expiration, conditions } = document as { expiration?: unknown; conditions?: unknown };
  const expires = typeof expiration === 'string' ? new Date(expiration) : null;
  if (!expires || Number.isNaN(expires.getTime()) || !Array.isArray(conditions)) return null;
  const policy: ParsedPolicy = {
    expiration: expires,
    lengthRange: null,
    keyStartsWith: [],
    keyEquals: [],
    buckets: [],
    conditions,
  };
  for (const condition of conditions) {
    if (Array.isArray(condition) && condition[0] === 'content-length-range') {
      const [, min, max] = condition;
      if (typeof min !== 'number' || typeof max !== 'number' || min < 0 || max < min) return null;
      policy.lengthRange = { min, max };
    } else if (isStringPair(condition) && condition[1].toLowerCase() === '$key') {
      if (condition[0] === 'starts-with') policy.keyStartsWith.push(condition[2]);
      else if (condition[0] === 'eq') policy.keyEquals.push(condition[2]);
      else return null;
    } else if (isStringPair(condition) && condition[0] === 'eq' && condition[1].toLowerCase() === '$bucket') {
      policy.buckets.push(condition[2]);
    } else if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
      const entries = Object.entries(condition as Record<string, unknown>);
      for (const [name, value] of entries) {
        if (typeof value !== 'string') return null;
        if (name === 'bucket') policy.buckets.push(value);
        if (name === 'key') policy.keyEquals.push(value);
      }
    }
  }
  return policy;
}
