import type { NativeTokens } from '@h5/bridge/protocol';
import { contract } from '@h5/contract';
import { NATIVE_VERIFY_PASS_CODE } from '@h5/core';
import { isApiError } from '@h5/request/api-error';
import type { ServerApi } from './server-api';

/** Passes a captcha without a person, through the non-production dev-answer endpoint. */
export async function solveCaptchaWithDevAnswer(api: ServerApi, scene?: string): Promise<string> {
  const challenge = await api(contract.auth.captchaChallenge, scene ? { scene } : {});
  const { answer } = await api(contract.auth.captchaDevAnswer, { challengeId: challenge.challengeId });
  const result = await api(contract.auth.captchaVerify, { challengeId: challenge.challengeId, answer });
  if (result.resultCode !== NATIVE_VERIFY_PASS_CODE)
    throw new Error('the dev answer did not pass the captcha');
  return result.sessionId;
}

/** A random mainland mobile number (139 and eight digits). */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * Logs a phone in through the real server as the app's login screen would, without its UI:
 * send code (a risk check on it is passed with the dev answer), read the development outbox,
 * verify. Non-production servers only.
 */
export async function loginThroughServer(
  api: ServerApi,
  phone: string = randomPhone(),
): Promise<NativeTokens> {
  try {
    await api(contract.auth.sendLoginCode, { phone });
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'risk') throw error;
    const scene = (error.data as { scene?: string } | undefined)?.scene;
    const captchaSession = await solveCaptchaWithDevAnswer(api, scene);
    await api(contract.auth.sendLoginCode, { phone }, { captchaSession });
  }
  const { messages } = await api(contract.auth.loginOutbox, { phone });
  const code = messages[0]?.code;
  if (!code) throw new Error(`no login code in the development outbox for ${phone}`);
  const { duToken, xAuthToken } = await api(contract.auth.login, { phone, code });
  return { duToken, xAuthToken };
}
