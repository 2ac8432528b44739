// The risk and rate limits out of reach, for test servers whose every client calls from
// 127.0.0.1 (the integration test apps and the browser tests' shared server). A test of a limit
// starts its own app or server with a low one.
export const LIFTED_LIMITS = Object.freeze({
  RISK_WRITE_LIMIT: '100000',
  RISK_LOGIN_CODE_LIMIT: '100000',
  RATE_LOGIN_VERIFY_PER_PHONE: '100000',
  RATE_LOGIN_VERIFY_PER_IP: '100000',
  RATE_CAPTCHA_PER_IP: '100000',
  INVITE_SMS_DAILY_PER_PHONE: '100000',
  INVITE_SMS_DAILY_PER_IP: '100000',
  RATE_TELEMETRY_PER_VISITOR: '100000',
  RATE_TELEMETRY_PER_IP: '100000',
  RATE_COLLECT_PER_VISITOR: '1000000',
  RATE_COLLECT_PER_IP: '1000000',
});
