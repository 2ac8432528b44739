// Login gating, native login and colouring (spec §2, §3, §6).

/** Native actions a visitor may not take: they open the login modal instead (spec §6). */
export const LOGIN_GATED_ACTIONS = [
  'getCoupon',
  'applySettle',
  'getShareInfo',
  'shareGetCoupon',
  'getShareCoupon',
  'goRedPacketPage',
  'connectStaff',
  'applyDr',
  'requestPush',
  'zan',
  'replyUser',
  'deleteReply',
  'upload',
  'uploadSuccess',
  'fav',
  'openMoreManagerDialog',
  'showOrHideReply',
  'GoCertivify',
] as const;
/** A native action that needs login. */
export type LoginGatedAction = (typeof LOGIN_GATED_ACTIONS)[number];

/** Activity pages under h5-sociality that do not reload after a native login (spec §2). */
export const RELOAD_EXEMPT_PATHS = [
  '/h5-sociality/strange-encounters',
  '/h5-sociality/520',
  '/h5-sociality/tanabata',
  '/h5-sociality/gravity/xinyin',
] as const;

/** Flow-type (traffic colouring) value: local-storage key and cookie name (spec §3). */
export const FLOW_TYPE_KEY = 'flowType';
/** The request header that carries the flow-type value to the server. */
export const FLOW_TYPE_HEADER = 'x-flow-type';
/** Local-storage key of the anonymous device id (spec §3). */
export const ANONYMOUS_ID_KEY = 'h5AnonymousId';
