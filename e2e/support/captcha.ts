import { contract } from '@h5/contract';
import type { Page, Response } from 'playwright-core';
import { e2eApi } from './api';

/** The path of the captcha challenge call, to catch its response. */
export const CAPTCHA_CHALLENGE_PATH = contract.auth.captchaChallenge.path;

/** Waits for the next captcha challenge the page fetches and returns its id. */
export async function nextChallengeId(page: Page): Promise<string> {
  const response: Response = await page.waitForResponse((r) => r.url().includes(CAPTCHA_CHALLENGE_PATH));
  const body = (await response.json()) as { data: { challengeId: string } };
  return body.data.challengeId;
}

/** The answer of a challenge, from the server's non-production test hook. */
export async function captchaAnswer(baseURL: string, challengeId: string): Promise<string> {
  const { answer } = await e2eApi(baseURL)(contract.auth.captchaDevAnswer, { challengeId });
  return answer;
}
