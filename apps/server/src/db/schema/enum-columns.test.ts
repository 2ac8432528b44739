import type { AccuseTargetType, ContentType, ObjectAcl, TelemetryKind } from '@h5/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { contents, type telemetry } from '.';
import type { accusations, accuseReasons } from './feedback';
import type { storageObjects, uploadApps, uploadCredentials } from './upload';

describe('enum columns carry their enum type (issue 13 point 5)', () => {
  it('rows read from the database are typed by the contract enums, not number or string', () => {
    expectTypeOf<typeof contents.$inferSelect.contentType>().toEqualTypeOf<ContentType>();
    expectTypeOf<typeof telemetry.$inferSelect.kind>().toEqualTypeOf<TelemetryKind>();
    expectTypeOf<typeof accusations.$inferSelect.targetType>().toEqualTypeOf<AccuseTargetType>();
    expectTypeOf<typeof accuseReasons.$inferSelect.targetType>().toEqualTypeOf<AccuseTargetType>();
    expectTypeOf<typeof uploadApps.$inferSelect.defaultAcl>().toEqualTypeOf<ObjectAcl>();
    expectTypeOf<typeof uploadCredentials.$inferSelect.acl>().toEqualTypeOf<ObjectAcl>();
    expectTypeOf<typeof storageObjects.$inferSelect.acl>().toEqualTypeOf<ObjectAcl>();
    expect(contents.contentType.name).toBe('content_type');
  });
});
