import type { NativeTokens } from '@h5/bridge/protocol';
import { contract, loginCodeSchema, phoneSchema } from '@h5/contract';
import { TOKEN_EXPIRED } from '@h5/core';
import { isApiError } from '@h5/request/api-error';
import { NATIVE_TEXT } from '../native-text';
import type { ServerApi } from '../server-api';
import { type BlockSpec, DISMISS_ACTION, type SheetSpec } from '../sheet-spec';
import { type CaptchaPass, createCaptchaSheet } from './captcha';
import type { SheetController, SheetUi } from './sheet-controller';

const TEXT = NATIVE_TEXT.login;
export const LOGIN_ACTIONS = { sendCode: 'sendCode', fillCode: 'fillCode', submit: 'submit' } as const;
export const LOGIN_FIELDS = { phone: 'phone', code: 'code' } as const;

export interface LoginView {
  /** The login code of the request: 700 says the session expired. */
  reason: number;
  /** The phone a code was sent to. */
  sentTo?: string;
  /** The code the "SMS" brought (development outbox), offered as an autofill suggestion. */
  suggestedCode?: string;
  /** Sets the code field once (the suggestion was tapped). */
  fillCode?: string;
  sending?: boolean;
  busy?: boolean;
  error?: string;
}

/** 138****0000 */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The native login sheet: phone, send code, code (with the SMS autofill hint), log in. */
export function loginSheetSpec(id: string, view: LoginView): SheetSpec {
  const blocks: BlockSpec[] = [
    {
      type: 'heading',
      text: TEXT.heading,
      subtitle: view.reason === TOKEN_EXPIRED ? TEXT.expired : TEXT.subtitle,
    },
    {
      type: 'field',
      field: {
        name: LOGIN_FIELDS.phone,
        label: TEXT.phoneLabel,
        placeholder: TEXT.phonePlaceholder,
        prefix: TEXT.countryCode,
        inputMode: 'tel',
        autocomplete: 'tel-national',
        maxLength: 11,
      },
    },
    {
      type: 'field',
      field: {
        name: LOGIN_FIELDS.code,
        label: TEXT.codeLabel,
        placeholder: TEXT.codePlaceholder,
        inputMode: 'numeric',
        autocomplete: 'one-time-code',
        maxLength: 6,
        ...(view.fillCode !== undefined ? { value: view.fillCode } : {}),
        trailing: {
          action: LOGIN_ACTIONS.sendCode,
          label: view.sending ? TEXT.sending : view.sentTo ? TEXT.resendCode : TEXT.sendCode,
          style: 'link',
          disabled: view.sending === true,
        },
      },
    },
  ];
  if (view.sentTo) blocks.push({ type: 'text', text: TEXT.codeSent(maskPhone(view.sentTo)), tone: 'muted' });
  if (view.suggestedCode) {
    blocks.push({
      type: 'suggestion',
      caption: TEXT.fromMessages,
      button: { action: LOGIN_ACTIONS.fillCode, label: view.suggestedCode, style: 'secondary' },
    });
  }
  if (view.error) blocks.push({ type: 'alert', text: view.error });
  blocks.push(
    { type: 'button', button: { action: LOGIN_ACTIONS.submit, label: TEXT.submit, style: 'primary' } },
    { type: 'text', text: TEXT.terms, tone: 'small' },
  );
  return { id, kind: 'login', title: TEXT.title, closeLabel: NATIVE_TEXT.close, busy: view.busy, blocks };
}

export interface LoginSheetDeps {
  api: ServerApi;
  /** The login code of the request (7999 visitor, 700 expired). */
  reason: number;
  autoSolveCaptcha: boolean;
}

const errorText = (error: unknown) => (isApiError(error) ? error.message : TEXT.network);

/**
 * The native login: the code is sent and checked by the real server (`contract.auth.sendLoginCode`
 * / `login`); outside production the development outbox plays the SMS and its code is offered
 * as an autofill suggestion. A risk check on sending (HTTP 485) opens the captcha over the sheet.
 */
export function createLoginSheet(deps: LoginSheetDeps): SheetController<NativeTokens> {
  let view: LoginView = { reason: deps.reason };
  let working = false;

  const draw = (ui: SheetUi<NativeTokens>, patch: Partial<LoginView>) => {
    const { fillCode: _once, error: _shown, ...kept } = view;
    view = { ...kept, ...patch };
    return ui.render(loginSheetSpec(ui.id, view));
  };

  async function sendCode(ui: SheetUi<NativeTokens>, phone: string) {
    if (!phoneSchema.safeParse(phone).success) return draw(ui, { error: TEXT.invalidPhone });
    await draw(ui, { sending: true });
    try {
      try {
        await deps.api(contract.auth.sendLoginCode, { phone });
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'risk') throw error;
        const pass = await ui.openChild<CaptchaPass>(
          createCaptchaSheet({
            api: deps.api,
            scene: (error.data as { scene?: string } | undefined)?.scene ?? 'auth.sendLoginCode',
            autoSolve: deps.autoSolveCaptcha,
            tokens: async () => null,
          }),
        );
        if (!pass) throw error;
        await deps.api(contract.auth.sendLoginCode, { phone }, { captchaSession: pass.sessionId });
      }
      const suggestedCode = await deps
        .api(contract.auth.loginOutbox, { phone })
        .then(({ messages }) => messages[0]?.code)
        .catch(() => undefined); // production: no outbox, the user reads the real SMS
      await draw(ui, { sending: false, sentTo: phone, ...(suggestedCode ? { suggestedCode } : {}) });
    } catch (error) {
      await draw(ui, { sending: false, error: errorText(error) });
    }
  }

  async function submit(ui: SheetUi<NativeTokens>, phone: string, code: string) {
    if (!phoneSchema.safeParse(phone).success) return draw(ui, { error: TEXT.invalidPhone });
    if (!loginCodeSchema.safeParse(code).success) return draw(ui, { error: TEXT.invalidCode });
    await draw(ui, { busy: true });
    try {
      const { duToken, xAuthToken } = await deps.api(contract.auth.login, { phone, code });
      await ui.finish({ duToken, xAuthToken });
    } catch (error) {
      await draw(ui, { busy: false, error: errorText(error) });
    }
  }

  return {
    kind: 'login',
    start: (ui) => draw(ui, {}),
    async onAction({ action, values }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (working) return;
      const phone = (values[LOGIN_FIELDS.phone] ?? '').replace(/\s/g, '');
      working = true;
      try {
        if (action === LOGIN_ACTIONS.sendCode) await sendCode(ui, phone);
        else if (action === LOGIN_ACTIONS.fillCode) await draw(ui, { fillCode: view.suggestedCode ?? '' });
        else if (action === LOGIN_ACTIONS.submit)
          await submit(ui, phone, (values[LOGIN_FIELDS.code] ?? '').trim());
      } finally {
        working = false;
      }
    },
  };
}
