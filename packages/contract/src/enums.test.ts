import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ContentType, contentTypeSchema } from './index';

describe("contract enums come from core's constants (issue 13 point 5)", () => {
  it('the content types are PicText 0, Video 1, NoPic 2, RichText 3', () => {
    expect(contentTypeSchema.options).toEqual([0, 1, 2, 3]);
    expect(contentTypeSchema.enum).toEqual({ PicText: 0, Video: 1, NoPic: 2, RichText: 3 });
    expect(contentTypeSchema.safeParse(4).success).toBe(false);
    expectTypeOf<ContentType>().toEqualTypeOf<0 | 1 | 2 | 3>();
  });
});
