import { displayMessage, PLACEHOLDER_MESSAGES, REQUEST_MESSAGES } from '@h5/core';
// The error brand alone: screens load before the client does (lib/api-client.ts).
import { isApiError } from '@h5/request/api-error-brand';

/** A failed call as a screen shows it: reasons under its own fields, else one sentence. */
export interface ShownFailure {
  message: string;
  fields: Readonly<Record<string, string>>;
}

/**
 * True for a call that got no answer, or none of ours: offline, a dropped connection, a gateway's
 * HTML page (core's `displayMessage` says 网络错误 for it). A timeout keeps spec §8's own sentence
 * (请求超时（N 毫秒）), which says more.
 */
const isNetworkFailure = (failure: unknown): boolean =>
  isApiError(failure) && (failure.kind === 'network' || failure.message === REQUEST_MESSAGES.networkError);

/**
 * The sentence of any failure, for people: the network's one sentence (issue 28 point 7: the
 * placeholder's 网络不给力，请检查网络设置后重试, in a toast, a form or a page alike, never a bare
 * 网络错误), an API error's message (spec §8 rules applied, a 400's catalogue sentence,
 * packages/request), else the generic fallback, never a bug's own text. The error keeps the
 * client's own text (spec §8) for logs and the debug console.
 */
export const failureMessage = (failure: unknown): string =>
  isNetworkFailure(failure)
    ? PLACEHOLDER_MESSAGES.networkError
    : isApiError(failure)
      ? failure.message
      : displayMessage(null);

/**
 * What a form shows of a failed call (issue 26 point 8, issue 27 point 2): a 400 refusing some of
 * the form's own `fields` puts each reason under its field (the contract writes those reasons for
 * users); anything else is one sentence for the whole form.
 */
export function failureOf(failure: unknown, fields: readonly string[]): ShownFailure {
  const refused = isApiError(failure) ? failure.fields : undefined;
  const own = Object.fromEntries(
    fields.filter((f) => refused?.[f] !== undefined).map((f) => [f, refused?.[f] ?? '']),
  );
  return { message: failureMessage(failure), fields: own };
}

/** Every field a 400 refused, by its path (`value.errorPageSwitch`, `codes.0`), with the reason; else none. */
export const refusedFields = (failure: unknown): Readonly<Record<string, string>> =>
  (isApiError(failure) ? failure.fields : undefined) ?? {};

/** A business refusal's sentence (the server said no, e.g. 不是主播), else null (no answer, a bug). */
export const businessRefusal = (failure: unknown): string | null =>
  isApiError(failure) && failure.kind === 'business' ? failure.message : null;

/** A failure's envelope code (a screen that answers one code its own way), else 0 (no answer, a bug). */
export const failureCode = (failure: unknown): number => (isApiError(failure) ? failure.code : 0);
