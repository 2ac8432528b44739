import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { emptySchema, userBriefSchema } from '../../shared';

const domain = 'auth';

/** A mainland mobile number: 11 digits starting with 1. */
export const phoneSchema = z.string().regex(/^1\d{10}$/, 'phone must be 11 digits starting with 1');
export const loginCodeSchema = z.string().regex(/^\d{6}$/, 'code must be 6 digits');

/** How every captcha challenge image starts: a PNG data URL. */
export const CAPTCHA_IMAGE_PREFIX = 'data:image/png;base64,';

/** Which captcha a risk check asks for: the `data` of an HTTP 485 answer (DESIGN.md §4). */
export const riskCheckDataSchema = z.object({
  /** The only kind served: an image of characters to type (the captcha SDK's modal). */
  captchaType: z.literal('image'),
  /** The refused call, `<domain>.<name>` of the contract (e.g. 'auth.sendLoginCode'); pass it to the captcha. */
  scene: z.string(),
});
export type RiskCheckData = z.infer<typeof riskCheckDataSchema>;

/** The earliest birth year a profile takes; the latest is this year (China time), checked by the server. */
export const PROFILE_BIRTH_YEAR_MIN = 1920;

/** The user's own profile (issue 31 point 5): what a creator's fans portrait counts; null where not given. */
export const userProfileFieldsSchema = z.object({
  /** USER_GENDER: 1 male, 2 female; null 不透露. */
  gender: z.union([z.literal(1), z.literal(2)]).nullable(),
  birthYear: z.number().int().nullable(),
  /** A province of the national division (@vant/area-data), by its name: `广东省`, `北京市`. */
  region: z.string().nullable(),
});
export type UserProfileFields = z.infer<typeof userProfileFieldsSchema>;

/** Why a profile change is refused, by field (a 400 names the field: `birthYear: 出生年份…`). */
export const PROFILE_FIELD_ERRORS = {
  gender: '请选择性别：男、女或不透露',
  birthYear: `出生年份须在 ${PROFILE_BIRTH_YEAR_MIN} 年至今年之间`,
  region: '所在地区不存在，请重新选择省份',
} as const;

/** A profile change: a field left out stays as it is, null clears it. */
export const updateProfileSchema = z.object({
  gender: z
    .union([z.literal(1), z.literal(2)], { error: PROFILE_FIELD_ERRORS.gender })
    .nullable()
    .optional(),
  birthYear: z
    .number({ error: PROFILE_FIELD_ERRORS.birthYear })
    .int({ error: PROFILE_FIELD_ERRORS.birthYear })
    .min(PROFILE_BIRTH_YEAR_MIN, { error: PROFILE_FIELD_ERRORS.birthYear })
    .nullable()
    .optional(),
  region: z
    .string({ error: PROFILE_FIELD_ERRORS.region })
    .max(32, { error: PROFILE_FIELD_ERRORS.region })
    .nullable()
    .optional(),
});

/**
 * The web login for browser users (DESIGN.md §3 auth): outside the app no native login modal
 * exists, so a phone number gets a one-time code. These paths are ours; the spec has none.
 */
export const auth = {
  sendLoginCode: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/common/h5/login/send-code',
    auth: 'common',
    request: z.object({ phone: phoneSchema }),
    response: z.object({ expiresInSeconds: z.number().int() }),
  }),
  login: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/common/h5/login/verify',
    auth: 'common',
    request: z.object({ phone: phoneSchema, code: loginCodeSchema }),
    response: z.object({ user: userBriefSchema, duToken: z.string(), xAuthToken: z.string() }),
  }),
  /** Development only: the codes "sent" to a phone, shown on the login page. */
  loginOutbox: endpoint({
    domain,
    method: 'GET',
    path: '/sns-auth/v1/common/h5/login/outbox',
    auth: 'common',
    internal: true,
    request: z.object({ phone: phoneSchema }),
    response: z.object({
      messages: z.array(z.object({ code: z.string(), sentAt: z.string() })),
    }),
  }),
  /**
   * Risk check (spec §4, DESIGN.md §4): after HTTP 485 the client asks for a challenge, the user
   * answers it, and a passed verify returns a captcha session the replayed call carries in
   * `x-captcha-session`. Challenges are single-use and expire.
   */
  captchaChallenge: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/common/h5/captcha/challenge',
    auth: 'common',
    request: z.object({ scene: z.string().max(64).optional() }),
    response: z.object({
      challengeId: z.string(),
      /**
       * The characters to type as a distorted raster: a PNG data URL (`data:image/png;base64,…`),
       * 2× pixels of a 152 × 50 (4 characters) or 184 × 50 (5) image. Use it as an img src.
       */
      image: z.string().startsWith(CAPTCHA_IMAGE_PREFIX),
      answerLength: z.number().int(),
      expiresInSeconds: z.number().int(),
    }),
  }),
  captchaVerify: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/common/h5/captcha/verify',
    auth: 'common',
    request: z.object({ challengeId: z.string().min(1).max(100), answer: z.string().min(1).max(20) }),
    /** Spec §3 captcha result: resultCode 1 passed (sessionId set), 0 wrong or expired (sessionId ''). */
    response: z.object({ resultCode: z.number().int(), sessionId: z.string() }),
  }),
  /** Development only (404 in 'pro'), for tests: the answer of a live challenge. */
  captchaDevAnswer: endpoint({
    domain,
    method: 'GET',
    path: '/sns-auth/v1/common/h5/captcha/dev-answer',
    auth: 'common',
    internal: true,
    request: z.object({ challengeId: z.string().min(1).max(100) }),
    response: z.object({ answer: z.string() }),
  }),
  me: endpoint({
    domain,
    method: 'GET',
    path: '/sns-auth/v1/h5/user/me',
    auth: 'login',
    request: emptySchema,
    response: userBriefSchema,
  }),
  /** The caller's own gender, birth year and region (issue 31 point 5; our path, the spec has none). */
  profile: endpoint({
    domain,
    method: 'GET',
    path: '/sns-auth/v1/h5/user/profile',
    auth: 'login',
    request: emptySchema,
    response: userProfileFieldsSchema,
  }),
  /** Changes the caller's own profile; answers it as stored. */
  updateProfile: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/h5/user/profile/update',
    auth: 'login',
    request: updateProfileSchema,
    response: userProfileFieldsSchema,
  }),
  logout: endpoint({
    domain,
    method: 'POST',
    path: '/sns-auth/v1/h5/logout',
    auth: 'login',
    request: emptySchema,
    response: emptySchema,
  }),
} as const;
