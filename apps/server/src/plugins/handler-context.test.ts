import { contract, type UserBrief } from '@h5/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Handler } from './register-endpoint';
import type { ActiveSession } from './session';

type LoginContext = Parameters<Handler<typeof contract.community.replyAdd>>[1];
type CommonContext = Parameters<Handler<typeof contract.content.moreRecommend>>[1];

describe('a handler context derives its user from the entry (issue 13 point 5)', () => {
  it("an auth: 'login' entry's handler gets a user, a session and a viewer id, never null", () => {
    expect(contract.community.replyAdd.auth).toBe('login');
    expectTypeOf<LoginContext['user']>().toEqualTypeOf<UserBrief>();
    expectTypeOf<LoginContext['session']>().toEqualTypeOf<ActiveSession>();
    expectTypeOf<LoginContext['viewerId']>().toEqualTypeOf<number>();
  });

  it("an auth: 'common' entry's handler may have a visitor: null, and the viewer id is null too", () => {
    expect(contract.content.moreRecommend.auth).toBe('common');
    expectTypeOf<CommonContext['user']>().toEqualTypeOf<UserBrief | null>();
    expectTypeOf<CommonContext['viewerId']>().toEqualTypeOf<number | null>();
  });
});
