import { analyticsEventSchema } from '@h5/contract';
import { createUuid } from '@h5/core';
import { describe, expect, it } from 'vitest';

describe('createUuid (core) for queued events', () => {
  it('makes uuids the collector accepts', () => {
    const uuid = createUuid({}, () => 0);
    expect(uuid).toBe('00000000-0000-4000-8000-000000000000');
    expect(analyticsEventSchema.shape.uuid.safeParse(uuid).success).toBe(true);
    expect(analyticsEventSchema.shape.uuid.safeParse(createUuid()).success).toBe(true);
  });
});
