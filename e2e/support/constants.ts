/** The sign secret the e2e server runs with (SIGN_SECRET). */
export const E2E_SIGN_SECRET = 'e2e-sign-secret';
