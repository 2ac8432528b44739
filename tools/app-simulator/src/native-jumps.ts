import { JUMP_KEY } from '@h5/core';

type Params = Record<string, unknown>;

/**
 * What each redirect key needs, as docs/bridge-protocol.md ("Redirect keys") writes it: the
 * native side's own copy, so a page that drifts from the document is refused here.
 */
const REQUIRED_PARAM: Readonly<Record<string, string | null>> = {
  8: 'postsId',
  3: 'trendId',
  29: 'tagId',
  4: 'newsId',
  31: null,
  5: 'url',
  28: 'url',
  userDetail: 'userId',
  productDetail: 'spuId',
  feedDetail: 'id',
  videoDetail: 'id',
};

const isId = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/**
 * `native: posts 123` for a jump: spec §2 keys by name, the user-detail jump as `user`, the
 * product jump as `product`, a named screen (`feedDetail`, `videoDetail`) by its name.
 */
export function describeJump(key: unknown, params: Params): string {
  const numbered = Object.entries(JUMP_KEY).find(([, value]) => value === key)?.[0];
  const named = key === 'userDetail' ? 'user' : key === 'productDetail' ? 'product' : null;
  const name = named ?? numbered ?? (typeof key === 'string' && key !== '' ? key : `jump ${String(key)}`);
  const values = Object.values(params).filter(isId);
  return `native: ${[name, ...values].join(' ')}`;
}

/** Why a redirect payload breaks the documented protocol, or null when it is fine. */
export function jumpProblem(key: unknown, params: Params): string | null {
  if ((typeof key !== 'string' && typeof key !== 'number') || !Object.hasOwn(REQUIRED_PARAM, key))
    return `unknown jump key ${String(key)}`;
  const required = REQUIRED_PARAM[key];
  if (required && !isId(params[required])) return `jump ${key} needs ${required}`;
  if (key === 'userDetail') {
    // The user screen takes the id twice: as text, and as a number when it is one (spec §2).
    if (typeof params.userId !== 'string') return 'userDetail userId must be text';
    const number = Number(params.userId);
    if (/^\d+$/.test(params.userId) && params.userIdNumber !== number)
      return `userDetail needs userIdNumber ${number}`;
  }
  if (key === 'productDetail' && !/^\d+$/.test(String(params.spuId)))
    return 'productDetail spuId must be a number';
  return null;
}
