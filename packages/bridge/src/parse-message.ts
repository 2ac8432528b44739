import type { EventMessage, NativeToPage, ResponseMessage } from './protocol';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

function parseResponse(raw: Loose): ResponseMessage | null {
  if (typeof raw.id !== 'string' || raw.id === '') return null;
  if (raw.ok === true) {
    return { type: 'response', id: raw.id, ok: true, result: raw.result, more: raw.more === true };
  }
  if (raw.ok !== false) return null;
  // A failure without a usable error still fails the call rather than leaving it to time out.
  const error = isObject(raw.error) ? raw.error : {};
  return {
    type: 'response',
    id: raw.id,
    ok: false,
    error: {
      code: typeof error.code === 'number' ? error.code : Number.NaN,
      message: typeof error.message === 'string' ? error.message : '',
    },
  };
}

/**
 * The one place a native → page message is checked: JSON text or an object (some webviews hand
 * over the parsed value). Null for anything that is not a response or an event.
 */
export function parseNativeMessage(input: unknown): NativeToPage | null {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      return null; // not JSON: no message to route
    }
  }
  if (!isObject(raw)) return null;
  if (raw.type === 'response') return parseResponse(raw);
  if (raw.type === 'event' && typeof raw.event === 'string' && raw.event !== '') {
    // Event data is checked by whoever handles that event; the name alone routes it.
    return { type: 'event', event: raw.event, data: raw.data ?? {} } as EventMessage;
  }
  return null;
}
