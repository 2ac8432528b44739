import { contract } from '@h5/contract';
import { createUuid } from '@h5/core';
import { describe, expect, it } from 'vitest';

describe('request ids (core createUuid)', () => {
  it('makes distinct v4 UUIDs the contract accepts', () => {
    const ids = Array.from({ length: 50 }, () => createUuid());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(contract.feedback.submitAccuse.request.shape.requestId.safeParse(id).success).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
