import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * How deep a JSON body may nest (objects and arrays, the body itself counted). The sign check
 * serialises values recursively before the sign is known to be right, so a body nested 50,000
 * deep from anyone overflowed the stack (issue 11 point 2). Our deepest body nests 4 levels.
 */
export const JSON_MAX_DEPTH = 32;

/** The refusal's reason after the field's name. */
export const JSON_TOO_DEEP_MESSAGE = `JSON 嵌套不能超过 ${JSON_MAX_DEPTH} 层`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** A top-level key as written (escapes decoded when they are well-formed). */
function keyText(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/**
 * Where a JSON text nests deeper than `max`: the top-level key it happens under, `body` when the
 * body itself is the array, null when it does not. One pass over the characters, no recursion
 * and no parse, so it runs before anything else looks at the body.
 */
export function tooDeepField(text: string, max = JSON_MAX_DEPTH): string | null {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastTopString = '';
  let topKey = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 1) lastTopString = text.slice(stringStart, i);
      }
    } else if (c === QUOTE) {
      inString = true;
      stringStart = i + 1;
    } else if (OPENERS.has(c)) {
      depth++;
      if (depth > max) return topKey ? keyText(topKey) : 'body';
    } else if (CLOSERS.has(c)) {
      depth--;
    } else if (c === COLON && depth === 1) {
      topKey = lastTopString;
    }
  }
  return null;
}

/**
 * Fastify's own JSON parser (prototype-poisoning checks included) behind the depth check: a body
 * nested deeper than {@link JSON_MAX_DEPTH} is a 400 naming its field before it is parsed, so no
 * handler, sign check or schema ever walks a deep value.
 */
export function jsonBodyParser(app: FastifyInstance): FastifyBodyParser<string> {
  // Fastify's default JSON parser is the callback form.
  const parse = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  return (request, body, done) => {
    const field = tooDeepField(body);
    if (field !== null) return done(badRequest(field, JSON_TOO_DEEP_MESSAGE));
    return parse(request, body, done);
  };
}

/** Replaces the app's application/json parser with {@link jsonBodyParser}; every scope inherits it. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
}
