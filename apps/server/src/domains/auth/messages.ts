/**
 * The auth domain's refusals, shown to the user as the envelope's msg (the login page and the
 * captcha show them as they are); listed in docs/api.md.
 */
export const AUTH_MESSAGES = {
  /** No live code for the phone: never sent, expired, used, or replaced by a newer one. */
  codeInvalid: '验证码错误或已过期，请重新获取验证码',
  /** A wrong guess that leaves the code `left` more tries. */
  codeWrong: (left: number) => `验证码错误，还可尝试 ${left} 次`,
  /** The code had its tries: it is dead, even for the right answer. */
  codeAttemptsExceeded: '验证码错误次数过多，已失效，请重新获取验证码',
  codeTooFrequent: '验证码发送太频繁，请 60 秒后再试',
  /** The SMS provider refused or did not answer: the code was not sent and nothing was spent. */
  codeDeliveryFailed: '短信发送失败，请稍后重试',
  /** HTTP 429: too many guesses from this phone or address; `wait` like `15 分钟`. */
  tooManyGuesses: (wait: string) => `登录尝试过于频繁，请 ${wait}后再试`,
  /** HTTP 429: too many captcha challenges or answers from this address. */
  tooManyCaptchas: (wait: string) => `验证码请求过于频繁，请 ${wait}后再试`,
} as const;
