// The domains' refusal codes (docs/api.md "Codes of our own"), apart from the wire codes in
// codes.ts: the web shell imports those, and a constant of a module the shell holds is emitted in
// the shell chunk whichever screen reads it, so every domain's codes would load on every page.

/** Feedback (reports and search ideas) refusals: 41xx (docs/api.md). */
export const FEEDBACK_TARGET_NOT_FOUND = 4101;
/** The reason does not exist or is not offered for the target's type. */
export const FEEDBACK_REASON_INVALID = 4102;
/** The chosen report reason needs a description. */
export const FEEDBACK_DETAIL_REQUIRED = 4103;
/** The user already reported this target (a different request). */
export const FEEDBACK_ALREADY_REPORTED = 4104;
/** An evidence image is not an image object the caller uploaded. */
export const FEEDBACK_IMAGE_NOT_OWNED = 4105;
/** A search-idea option id that the config does not offer. */
export const FEEDBACK_OPTION_INVALID = 4106;
/** A requestId already used for a different submission. */
export const FEEDBACK_REQUEST_ID_REUSED = 4107;
/** Creator upgrade programme and video account refusals (issue 15 points 2, 3): 43xx (docs/api.md). */
export const CREATOR_AWARD_NOT_EARNED = 4301;
/** The caller already received this award (a repeat, a second tab, a double tap). */
export const CREATOR_AWARD_ALREADY_RECEIVED = 4302;
/** The award's receiving deadline has passed. */
export const CREATOR_AWARD_EXPIRED = 4303;
/** The creator already has a video account application waiting for review. */
export const VIDEO_ACCOUNT_APPLICATION_PENDING = 4311;
/** Applying before the video account details were saved. */
export const VIDEO_ACCOUNT_DETAILS_MISSING = 4312;
/** Reviewing an application that is no longer pending. */
export const VIDEO_ACCOUNT_ALREADY_REVIEWED = 4313;
/** Live lottery refusals (issue 17 point 1): 46xx (docs/api.md). Entering after the draw time. */
export const LOTTERY_CLOSED = 4601;
/** A follow-only lottery entered by someone who does not follow the host. */
export const LOTTERY_FOLLOW_REQUIRED = 4602;
/** An address from someone the draw did not pick. */
export const LOTTERY_NOT_WINNER = 4603;
/** An address before the draw. */
export const LOTTERY_NOT_DRAWN = 4604;
/** A second addr-submit for the same prize (addr-update changes it). */
export const LOTTERY_ADDRESS_EXISTS = 4605;
/** addr-update, or a waybill, before the winner gave an address. */
export const LOTTERY_ADDRESS_MISSING = 4606;
/** addr-update after the prize shipped. */
export const LOTTERY_SHIPPED = 4607;
/** The host entering their own lottery. */
export const LOTTERY_HOST_CANNOT_ENTER = 4608;
/** Shoe evaluation refusals (issue 17 point 3): 47xx. A second evaluation of the same product by one user. */
export const SHOE_EVAL_ALREADY_EVALUATED = 4701;
/** Joining the commission programme without meeting its rules (issue 17 point 2): 48xx. */
export const COMMISSION_NOT_ELIGIBLE = 4801;
/** Activity refusals of our own (issue 17 point 5, issue 18 point 4): 45xx (docs/api.md "Activities"). */
export const ACTIVITY_NOT_FOUND = 4501;
/** A hacking-task commit of a content that is not the caller's. */
export const HACKING_CONTENT_NOT_OWNED = 4502;
/** The caller already committed this hacking task. */
export const HACKING_TASK_ALREADY_COMMITTED = 4503;
/** 奇妙相遇: today's encounter draws are used up (issue 32 point 5). */
export const ENCOUNTER_NONE_LEFT = 4504;
/** 奇妙相遇: nobody is left to meet (all followed or met today). */
export const ENCOUNTER_NO_MATCH = 4505;
/** 心引力: a pick of a product that is not among the activity's. */
export const XINYIN_NOT_IN_ACTIVITY = 4506;
/** Live and fans group refusals (issue 16): 44xx (docs/api.md "Live"). */
export const LIVE_NOT_HOST = 4401;
/** A fans group name that breaks the length or character rules, or equals the current name. */
export const FANS_GROUP_NAME_INVALID = 4402;
/** The group was renamed within the rename period already. */
export const FANS_GROUP_RENAME_LIMIT = 4403;
/** The caller is not a member of the stream's fans group. */
export const FANS_NOT_MEMBER = 4404;
/** The weekly task is not finished yet. */
export const WEEK_TASK_NOT_DONE = 4405;
/** The weekly task's award was claimed already this week (a repeat, a second tab, a double tap). */
export const WEEK_TASK_ALREADY_CLAIMED = 4406;
/** The allowance's fans level is not reached yet. */
export const ALLOWANCE_NOT_EARNED = 4407;
/** The allowance of this fans level was claimed already. */
export const ALLOWANCE_ALREADY_CLAIMED = 4408;
/** An audience event (watch, light, comment, share) on a stream that is not live. */
export const LIVE_NOT_STREAMING = 4409;
/** Invitation refusals (issue 18 points 1, 2): 49xx (docs/api.md "Invitations"). An invitation code nobody was given. */
export const INVITE_CODE_NOT_FOUND = 4901;
/** The invitation is past its validity (INVITE_TTL_DAYS after it was started). */
export const INVITE_CODE_EXPIRED = 4902;
/** send-captcha again within 60 s for the same number. */
export const INVITE_SMS_TOO_FREQUENT = 4903;
/** The number's SMS codes of the day are used up (INVITE_SMS_DAILY_PER_PHONE). */
export const INVITE_SMS_PHONE_DAILY_LIMIT = 4904;
/** The address's SMS codes of the day are used up (INVITE_SMS_DAILY_PER_IP). */
export const INVITE_SMS_IP_DAILY_LIMIT = 4905;
/** invite-auth with a wrong SMS code (tries left). */
export const INVITE_SMS_CODE_WRONG = 4906;
/** invite-auth with a code past its 5 minutes, already used, or replaced by a newer one. */
export const INVITE_SMS_CODE_EXPIRED = 4907;
/** invite-auth after the code's tries were used up: it is dead, even for the right answer. */
export const INVITE_SMS_CODE_ATTEMPTS_EXCEEDED = 4908;
/** invite-auth for a number no code was ever sent to. */
export const INVITE_SMS_CODE_MISSING = 4909;
/** invited-sign-up (common) with a number that already has an account. */
export const INVITE_PHONE_REGISTERED = 4910;
/** invited-sign-up (common) with an authToken that is unknown, expired or already used. */
export const INVITE_AUTH_INVALID = 4911;
/** Accepting one's own invitation. */
export const INVITE_SELF = 4912;
/** The user accepted an invitation already (each user once). */
export const INVITE_ALREADY_BOUND = 4913;
/** invited-sign-up (login) by a user registered more than INVITE_NEW_USER_DAYS ago. */
export const INVITE_NOT_NEW_USER = 4914;
/** Accepting an invitation of one's own invitee (the two would reward each other). */
export const INVITE_CIRCULAR = 4915;
/** The SMS provider did not take the invitation's code (issue 31 point 2): no quota spent, retry. */
export const INVITE_SMS_DELIVERY_FAILED = 4916;
/** Invitation tasks, guides and picks (issue 18 point 3): 4920–4939 (docs/api.md "Starter tasks"). A guide of an unknown activity, or an activity without one. */
export const ACTIVITY_GUIDE_NOT_FOUND = 4920;
/** The internal pick call with a content that does not exist. */
export const PICK_CONTENT_NOT_FOUND = 4921;
/** Backstage (issue 30): 50xx (docs/api.md "Backstage"). An operator call without an operator session. */
export const OPERATOR_LOGIN_REQUIRED = 5001;
/** An operator call the session's role may not make. */
export const OPERATOR_ROLE_FORBIDDEN = 5002;
/** An operator write without the session's CSRF token, with a stale time, or a nonce seen before (a replay). */
export const OPERATOR_REQUEST_REFUSED = 5003;
/** Wrong operator name, password or second-factor code. */
export const OPERATOR_CREDENTIALS_INVALID = 5004;
/** Too many failed logins: the account is locked for a while. */
export const OPERATOR_LOCKED = 5005;
/** The account has a second factor and the code was not given. */
export const OPERATOR_TOTP_REQUIRED = 5006;
/** A versioned backstage edit made on a version that is no longer the current one (another operator saved first). */
export const DOCUMENT_VERSION_CONFLICT = 5007;
/** Moderation (issue 30 point 3): 51xx (docs/api.md "Moderation"). A public write by a user whose writing ban runs. */
export const USER_WRITE_BANNED = 5101;
/** A decision on a report that was decided already. */
export const REPORT_ALREADY_DECIDED = 5102;
/** A writing ban whose end is not in the future. */
export const BAN_UNTIL_PAST = 5103;
