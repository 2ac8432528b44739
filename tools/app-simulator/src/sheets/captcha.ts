import type { NativeTokens } from '@h5/bridge/protocol';
import { contract } from '@h5/contract';
import { NATIVE_VERIFY_PASS_CODE } from '@h5/core';
import { isApiError } from '@h5/request/api-error';
import { NATIVE_TEXT } from '../native-text';
import type { ServerApi } from '../server-api';
import { type BlockSpec, DISMISS_ACTION, type SheetSpec } from '../sheet-spec';
import type { SheetController, SheetUi } from './sheet-controller';

const TEXT = NATIVE_TEXT.captcha;
export const CAPTCHA_ACTIONS = { submit: 'submit', refresh: 'refresh' } as const;
export const CAPTCHA_FIELD = 'answer';
/** The pause before an auto-solved answer is submitted, so a person watching sees it typed. */
const AUTO_SOLVE_PAUSE_MS = 400;

export interface CaptchaChallengeView {
  challengeId: string;
  /** The server's PNG data URL (contract `captchaChallenge`), shown as the image's src. */
  image: string;
  answerLength: number;
}

export interface CaptchaView {
  challenge: CaptchaChallengeView | null;
  error?: string;
  busy?: boolean;
  /** Sets the answer field (auto-solve). */
  answer?: string;
}

/** The captcha verify sheet (spec §4 native verify): the image, a refresh, the answer field. */
export function captchaSheetSpec(id: string, view: CaptchaView): SheetSpec {
  const refresh = { action: CAPTCHA_ACTIONS.refresh, label: TEXT.refresh, style: 'link' as const };
  const blocks: BlockSpec[] = [
    { type: 'heading', text: TEXT.title, subtitle: TEXT.description },
    view.challenge
      ? { type: 'image', src: view.challenge.image, alt: TEXT.imageAlt, refresh }
      : { type: 'spinner', label: TEXT.loading },
    {
      type: 'field',
      field: {
        name: CAPTCHA_FIELD,
        label: TEXT.inputLabel,
        placeholder: TEXT.placeholder,
        autocomplete: 'off',
        maxLength: view.challenge?.answerLength ?? 8,
        ...(view.answer !== undefined ? { value: view.answer } : {}),
      },
    },
  ];
  if (view.error) blocks.push({ type: 'alert', text: view.error });
  blocks.push({
    type: 'button',
    button: {
      action: CAPTCHA_ACTIONS.submit,
      label: TEXT.submit,
      style: 'primary',
      disabled: !view.challenge,
    },
  });
  return { id, kind: 'captcha', title: TEXT.title, closeLabel: NATIVE_TEXT.close, busy: view.busy, blocks };
}

export interface CaptchaSheetDeps {
  api: ServerApi;
  scene?: string;
  /** Reads the answer from the non-production dev-answer endpoint and submits it. */
  autoSolve: boolean;
  /** The page's login, so the pass is issued to the same risk subject as the page's calls. */
  tokens: () => Promise<NativeTokens | null>;
  /** The pause before an auto-solved answer is submitted (default 400 ms). */
  autoSolvePauseMs?: number;
}

/** A passed captcha: the session id the refused call is replayed with (spec §3 captcha result). */
export interface CaptchaPass {
  resultCode: typeof NATIVE_VERIFY_PASS_CODE;
  sessionId: string;
}

const errorText = (error: unknown) => (isApiError(error) ? error.message : TEXT.network);

/** The native captcha verify: a challenge from the server, answered in the sheet, verified by the server. */
export function createCaptchaSheet(deps: CaptchaSheetDeps): SheetController<CaptchaPass> {
  let view: CaptchaView = { challenge: null };
  let busy = false;

  const draw = (ui: SheetUi<CaptchaPass>, next: CaptchaView) => {
    view = next;
    return ui.render(captchaSheetSpec(ui.id, view));
  };

  async function load(ui: SheetUi<CaptchaPass>, error?: string): Promise<CaptchaChallengeView | null> {
    try {
      const challenge = await deps.api(
        contract.auth.captchaChallenge,
        deps.scene ? { scene: deps.scene } : {},
      );
      await draw(ui, { challenge, answer: '', ...(error ? { error } : {}) });
      return challenge;
    } catch (cause) {
      await draw(ui, { challenge: null, error: errorText(cause) });
      return null;
    }
  }

  async function verify(ui: SheetUi<CaptchaPass>, answer: string) {
    const challenge = view.challenge;
    if (!challenge) return;
    if (answer.trim() === '') return draw(ui, { challenge, error: TEXT.empty });
    busy = true;
    await draw(ui, { challenge, busy: true });
    try {
      const tokens = await deps.tokens();
      const result = await deps.api(
        contract.auth.captchaVerify,
        { challengeId: challenge.challengeId, answer: answer.trim() },
        { tokens },
      );
      if (result.resultCode === NATIVE_VERIFY_PASS_CODE) {
        await ui.finish({ resultCode: NATIVE_VERIFY_PASS_CODE, sessionId: result.sessionId });
        return;
      }
      await load(ui, TEXT.wrong); // challenges are single-use: a wrong answer gets a new one
    } catch (cause) {
      await draw(ui, { challenge, error: errorText(cause) });
    } finally {
      busy = false;
    }
  }

  async function autoSolve(ui: SheetUi<CaptchaPass>, challenge: CaptchaChallengeView) {
    const { answer } = await deps.api(contract.auth.captchaDevAnswer, { challengeId: challenge.challengeId });
    await draw(ui, { challenge, answer });
    await new Promise((resolve) => setTimeout(resolve, deps.autoSolvePauseMs ?? AUTO_SOLVE_PAUSE_MS));
    await verify(ui, answer);
  }

  return {
    kind: 'captcha',
    async start(ui) {
      await draw(ui, { challenge: null });
      const challenge = await load(ui);
      if (challenge && deps.autoSolve) {
        await autoSolve(ui, challenge).catch((cause: unknown) =>
          draw(ui, { challenge, error: `auto-solve failed: ${errorText(cause)}` }),
        );
      }
    },
    async onAction({ action, values }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (busy) return;
      if (action === CAPTCHA_ACTIONS.refresh) {
        await load(ui);
        return;
      }
      if (action === CAPTCHA_ACTIONS.submit) await verify(ui, values[CAPTCHA_FIELD] ?? '');
    },
  };
}
