import { peek, put, useCached } from './cache';

/** What the viewer changed about a content: shown over every copy a list or detail loaded. */
export interface ContentShadow {
  isLight?: boolean;
  lightCount?: number;
  replyCount?: number;
}

/** What the viewer changed about a user. */
export interface UserShadow {
  isFollowing?: boolean;
  followerCount?: number;
}

// One small shared state per content and per user (the "shadow" of bluesky-social/social-app's
// posts; decision record 005), kept in the one cache: a light or follow made anywhere shows at
// once everywhere the target appears, and a rollback rolls back everywhere.
/** Merges `value` into the shadow at `key`. */
export const patch = <V>(key: string, value: V) => put(key, { ...peek<V>(key), ...value });
/** `base` with the shadow at `key` over it, re-rendered when the shadow changes. */
export function useShadow<T extends object>(key: string, base: T): T {
  const shadow = useCached<Partial<T>>(key);
  return shadow ? { ...base, ...shadow } : base;
}

/** A content as shown right now, outside render (a tap between renders reads this, not a stale copy). */
export const contentNow = <T extends ContentShadow>(contentId: number, base: T): T => ({
  ...base,
  ...peek<ContentShadow>(`shadow:c:${contentId}`),
});
/** A user as shown right now, outside render. */
export const userNow = <T extends UserShadow>(userId: number, base: T): T => ({
  ...base,
  ...peek<UserShadow>(`shadow:u:${userId}`),
});

export const setContentShadow = (contentId: number, value: ContentShadow) =>
  patch(`shadow:c:${contentId}`, value);
export const setUserShadow = (userId: number, value: UserShadow) => patch(`shadow:u:${userId}`, value);
/** A content as the viewer sees it now: `base` (loaded data) with its shadow over it. */
export const useContentShadow = <T extends ContentShadow>(contentId: number, base: T): T =>
  useShadow(`shadow:c:${contentId}`, base);
/** A user as the viewer sees them now. */
export const useUserShadow = <T extends UserShadow>(userId: number, base: T): T =>
  useShadow(`shadow:u:${userId}`, base);
