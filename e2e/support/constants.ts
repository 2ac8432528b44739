/** The sign secret the e2e server runs with (SIGN_SECRET). */
export const E2E_SIGN_SECRET = 'e2e-sign-secret';

/**
 * The 429 limits (issue 11) out of reach: every browser of a run calls from 127.0.0.1. A journey
 * that tests a limit starts its own server with a low one.
 */
export const E2E_LIFTED_RATE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LOGIN_VERIFY_PER_PHONE: '100000',
  RATE_LOGIN_VERIFY_PER_IP: '100000',
  RATE_CAPTCHA_PER_IP: '100000',
  RATE_TELEMETRY_PER_VISITOR: '100000',
  RATE_TELEMETRY_PER_IP: '100000',
  RATE_COLLECT_PER_VISITOR: '1000000',
  RATE_COLLECT_PER_IP: '1000000',
};
