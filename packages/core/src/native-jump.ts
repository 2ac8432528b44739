// Apart from the jump table: pages draw jump links from the table in their first-load JS, while
// the native message is only needed on a tap inside the app (a lazily loaded chunk).
import {
  type JumpParams,
  type JumpTarget,
  jumpFallback,
  jumpRequiresLogin,
  URL_JUMP_KEYS,
  USER_DETAIL_JUMP,
} from './jump-table';

/** The native bridge message a jump becomes inside the app. */
export interface NativeJump {
  /** 'redirect' for numeric keys, 'userInfo' for the user detail screen. */
  action: 'redirect' | 'userInfo';
  payload: Readonly<Record<string, string | number>>;
  /** The bridge opens the login modal (code 7999) instead when no duToken is present. */
  requiresLogin: boolean;
}

/** Describes the native message for a jump; null when its id is missing or not usable. */
export function nativeJumpTarget(key: JumpTarget, params: JumpParams): NativeJump | null {
  if (key === USER_DETAIL_JUMP) {
    const userId = String(params.userId ?? '').trim();
    if (userId === '') return null;
    // The native user screen takes the id both as text and as a number.
    const userIdNumber = Number(userId);
    const payload: Record<string, string | number> = { userId };
    if (Number.isSafeInteger(userIdNumber)) payload.userIdNumber = userIdNumber;
    return { action: 'userInfo', payload, requiresLogin: false };
  }
  // A link key's URL must be one a page may open (http(s) or same-origin): the fallback's rule.
  if (URL_JUMP_KEYS.includes(key) && jumpFallback(key, params) === null) return null;
  const payload: Record<string, string | number> = { key };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) payload[name] = value;
  return { action: 'redirect', payload, requiresLogin: jumpRequiresLogin(key) };
}
