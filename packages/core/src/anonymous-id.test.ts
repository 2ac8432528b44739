import { describe, expect, it } from 'vitest';
import { deviceAnonymousId, type KeyValueStorage } from './anonymous-id';

function memory(initial: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('deviceAnonymousId (spec §3)', () => {
  it('creates a random id under h5AnonymousId when missing, then keeps answering it', () => {
    const storage = memory();
    const id = deviceAnonymousId(storage, () => '0f0f0f0f-1111-4222-8333-444455556666');
    expect(id).toBe('0f0f0f0f-1111-4222-8333-444455556666');
    expect(storage.items.get('h5AnonymousId')).toBe(id);
    expect(deviceAnonymousId(storage, () => 'aaaaaaaa-0000-4000-8000-000000000000')).toBe(id);
  });

  it('creates a uuid by default', () => {
    expect(deviceAnonymousId(memory())).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('replaces a stored value that is not an id', () => {
    const storage = memory({ h5AnonymousId: '<script>' });
    expect(deviceAnonymousId(storage, () => 'bbbbbbbb-0000-4000-8000-000000000000')).toBe(
      'bbbbbbbb-0000-4000-8000-000000000000',
    );
    expect(storage.items.get('h5AnonymousId')).toBe('bbbbbbbb-0000-4000-8000-000000000000');
  });

  it('gives a fresh id when storage throws or is absent', () => {
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(deviceAnonymousId(blocked, () => 'cccccccc-0000-4000-8000-000000000000')).toBe(
      'cccccccc-0000-4000-8000-000000000000',
    );
    expect(deviceAnonymousId(null, () => 'dddddddd-0000-4000-8000-000000000000')).toBe(
      'dddddddd-0000-4000-8000-000000000000',
    );
  });
});
