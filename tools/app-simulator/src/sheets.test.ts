import { contract } from '@h5/contract';
import { SHARE_CHANNELS } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { NATIVE_TEXT } from './native-text';
import { DISMISS_ACTION, type SheetSpec } from './sheet-spec';
import { formatEventTime } from './sheets/calendar';
import { CAPTCHA_ACTIONS, CAPTCHA_FIELD, createCaptchaSheet } from './sheets/captcha';
import { createLoginSheet, LOGIN_ACTIONS, LOGIN_FIELDS, loginSheetSpec, maskPhone } from './sheets/login';
import { createRealNameSheet, realNameError } from './sheets/real-name';
import { SHARE_SHEET_CHANNELS, shareSheetSpec } from './sheets/share';
import { fakeApi, fakeUi, riskError, TOKENS } from './test-utils';

const blockTypes = (spec: SheetSpec) => spec.blocks.map((b) => b.type);
const texts = (spec: SheetSpec) => JSON.stringify(spec.blocks);
const PHONE = '13800138000';
const CHALLENGE = {
  challengeId: 'c1',
  image: 'data:image/png;base64,iVBORw0KGgo=',
  answerLength: 4,
  expiresInSeconds: 120,
};

describe('login sheet', () => {
  it('draws phone and code fields, send code, login and the terms; the expired variant says so', () => {
    const spec = loginSheetSpec('s1', { reason: 7999 });
    expect(spec).toMatchObject({
      id: 's1',
      kind: 'login',
      title: NATIVE_TEXT.login.title,
      closeLabel: NATIVE_TEXT.close,
    });
    expect(blockTypes(spec)).toEqual(['heading', 'field', 'field', 'button', 'text']);
    expect(texts(spec)).toContain(NATIVE_TEXT.login.sendCode);
    expect(texts(loginSheetSpec('s1', { reason: 700 }))).toContain(NATIVE_TEXT.login.expired);
    const sent = loginSheetSpec('s1', { reason: 7999, sentTo: PHONE, suggestedCode: '123456', error: 'bad' });
    expect(blockTypes(sent)).toEqual([
      'heading',
      'field',
      'field',
      'text',
      'suggestion',
      'alert',
      'button',
      'text',
    ]);
    expect(texts(sent)).toContain(NATIVE_TEXT.login.resendCode);
    expect(texts(sent)).toContain('138****8000');
  });

  it('masks a phone number', () => {
    expect(maskPhone(PHONE)).toBe('138****8000');
    expect(maskPhone('123')).toBe('123');
  });

  it('sends the code through the server, offers the outbox code, fills it and logs in', async () => {
    const { api, calls } = fakeApi({
      [contract.auth.sendLoginCode.path]: { expiresInSeconds: 300 },
      [contract.auth.loginOutbox.path]: {
        messages: [
          { code: '654321', sentAt: '' },
          { code: '111111', sentAt: '' },
        ],
      },
      [contract.auth.login.path]: { user: {}, ...TOKENS },
    });
    const sheet = createLoginSheet({ api, reason: 7999, autoSolveCaptcha: false });
    const { ui, last, finished } = fakeUi();
    await sheet.start(ui);
    await sheet.onAction(
      { sheetId: ui.id, action: LOGIN_ACTIONS.sendCode, values: { phone: '138 0013 8000' } },
      ui,
    );
    expect(calls.map((c) => c.path)).toEqual([
      contract.auth.sendLoginCode.path,
      contract.auth.loginOutbox.path,
    ]);
    expect(calls[0]?.input).toEqual({ phone: PHONE });
    expect(last().blocks).toContainEqual(expect.objectContaining({ type: 'suggestion' }));
    await sheet.onAction({ sheetId: ui.id, action: LOGIN_ACTIONS.fillCode, values: { phone: PHONE } }, ui);
    const codeField = last().blocks.find((b) => b.type === 'field' && b.field.name === LOGIN_FIELDS.code);
    expect(codeField).toMatchObject({ field: { value: '654321' } });
    const values = { [LOGIN_FIELDS.phone]: PHONE, [LOGIN_FIELDS.code]: '654321' };
    await sheet.onAction({ sheetId: ui.id, action: LOGIN_ACTIONS.submit, values }, ui);
    expect(calls.at(-1)).toMatchObject({
      path: contract.auth.login.path,
      input: { phone: PHONE, code: '654321' },
    });
    expect(finished).toEqual([TOKENS]);
  });

  it('checks the phone and code before calling the server, and shows server errors', async () => {
    const { api, calls } = fakeApi({
      [contract.auth.login.path]: new (await import('@h5/request/api-error')).ApiError(
        '验证码错误',
        1001,
        200,
      ),
    });
    const sheet = createLoginSheet({ api, reason: 7999, autoSolveCaptcha: false });
    const { ui, last, finished } = fakeUi();
    await sheet.onAction({ sheetId: ui.id, action: LOGIN_ACTIONS.sendCode, values: { phone: '123' } }, ui);
    expect(last().blocks).toContainEqual({ type: 'alert', text: NATIVE_TEXT.login.invalidPhone });
    await sheet.onAction(
      { sheetId: ui.id, action: LOGIN_ACTIONS.submit, values: { phone: PHONE, code: '12' } },
      ui,
    );
    expect(last().blocks).toContainEqual({ type: 'alert', text: NATIVE_TEXT.login.invalidCode });
    expect(calls).toEqual([]);
    await sheet.onAction(
      { sheetId: ui.id, action: LOGIN_ACTIONS.submit, values: { phone: PHONE, code: '123456' } },
      ui,
    );
    expect(last().blocks).toContainEqual({ type: 'alert', text: '验证码错误' });
    await sheet.onAction({ sheetId: ui.id, action: DISMISS_ACTION, values: {} }, ui);
    expect(finished).toEqual([null]);
  });

  it('opens the captcha over the sheet when sending is risk-checked, and replays with the pass', async () => {
    const { api, calls } = fakeApi({
      [contract.auth.sendLoginCode.path]: [riskError(), { expiresInSeconds: 300 }],
      [contract.auth.loginOutbox.path]: { messages: [] },
    });
    const sheet = createLoginSheet({ api, reason: 7999, autoSolveCaptcha: false });
    const { ui, last, childKinds } = fakeUi([{ resultCode: 1, sessionId: 'pass-1' }]);
    await sheet.onAction({ sheetId: ui.id, action: LOGIN_ACTIONS.sendCode, values: { phone: PHONE } }, ui);
    expect(childKinds).toEqual(['captcha']);
    expect(calls[1]).toMatchObject({
      path: contract.auth.sendLoginCode.path,
      options: { captchaSession: 'pass-1' },
    });
    expect(texts(last())).toContain('138****8000');
  });
});

describe('captcha sheet', () => {
  it('draws the challenge, gets a new one after a wrong answer, finishes with the pass', async () => {
    const { api, calls } = fakeApi({
      [contract.auth.captchaChallenge.path]: [CHALLENGE, { ...CHALLENGE, challengeId: 'c2' }],
      [contract.auth.captchaVerify.path]: [
        { resultCode: 0, sessionId: '' },
        { resultCode: 1, sessionId: 'pass-9' },
      ],
    });
    const sheet = createCaptchaSheet({
      api,
      scene: 'content.light',
      autoSolve: false,
      tokens: async () => TOKENS,
    });
    const { ui, last, drawn, finished } = fakeUi();
    await sheet.start(ui);
    expect(drawn[0]?.kind).toBe('captcha');
    expect(calls[0]).toMatchObject({ input: { scene: 'content.light' } });
    expect(last().blocks).toContainEqual(
      expect.objectContaining({
        type: 'image',
        alt: NATIVE_TEXT.captcha.imageAlt,
        src: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    );
    await sheet.onAction(
      { sheetId: ui.id, action: CAPTCHA_ACTIONS.submit, values: { [CAPTCHA_FIELD]: '' } },
      ui,
    );
    expect(last().blocks).toContainEqual({ type: 'alert', text: NATIVE_TEXT.captcha.empty });
    await sheet.onAction(
      { sheetId: ui.id, action: CAPTCHA_ACTIONS.submit, values: { [CAPTCHA_FIELD]: 'abcd' } },
      ui,
    );
    expect(calls[1]).toMatchObject({
      input: { challengeId: 'c1', answer: 'abcd' },
      options: { tokens: TOKENS },
    });
    expect(last().blocks).toContainEqual({ type: 'alert', text: NATIVE_TEXT.captcha.wrong });
    await sheet.onAction(
      { sheetId: ui.id, action: CAPTCHA_ACTIONS.submit, values: { [CAPTCHA_FIELD]: 'WXYZ' } },
      ui,
    );
    expect(calls.at(-1)).toMatchObject({ input: { challengeId: 'c2', answer: 'WXYZ' } });
    expect(finished).toEqual([{ resultCode: 1, sessionId: 'pass-9' }]);
  });

  it('solves itself from the dev-answer endpoint when asked to', async () => {
    const { api, calls } = fakeApi({
      [contract.auth.captchaChallenge.path]: CHALLENGE,
      [contract.auth.captchaDevAnswer.path]: { answer: 'K7QP' },
      [contract.auth.captchaVerify.path]: { resultCode: 1, sessionId: 'pass-auto' },
    });
    const sheet = createCaptchaSheet({ api, autoSolve: true, tokens: async () => null, autoSolvePauseMs: 0 });
    const { ui, finished, drawn } = fakeUi();
    await sheet.start(ui);
    expect(calls.map((c) => c.path)).toEqual([
      contract.auth.captchaChallenge.path,
      contract.auth.captchaDevAnswer.path,
      contract.auth.captchaVerify.path,
    ]);
    expect(JSON.stringify(drawn)).toContain('"value":"K7QP"');
    expect(finished).toEqual([{ resultCode: 1, sessionId: 'pass-auto' }]);
  });
});

describe('share sheet', () => {
  it('offers the seven targets of spec §9 with their channel ids, and cancel', () => {
    const spec = shareSheetSpec('s1', { shareTitle: 'T', shareContent: 'C', shareUrl: 'https://x.test/a' });
    const grid = spec.blocks.find((b) => b.type === 'grid');
    expect(grid?.type === 'grid' && grid.items.map((i) => i.label)).toEqual(
      SHARE_SHEET_CHANNELS.map((c) => NATIVE_TEXT.share.channels[c]),
    );
    expect(SHARE_SHEET_CHANNELS.map((c) => SHARE_CHANNELS[c])).toEqual([1, 2, 3, 4, 12, 13, 14]);
    expect(spec.blocks).toContainEqual({ type: 'card', title: 'T', lines: ['C', 'x.test'] });
    expect(spec.blocks.at(-1)).toMatchObject({
      type: 'button',
      button: { action: DISMISS_ACTION, label: NATIVE_TEXT.cancel },
    });
  });
});

describe('real-name sheet', () => {
  it('maps problems to messages and finishes with a valid identity', async () => {
    expect(realNameError('张', '11010519491231002X')).toBe(NATIVE_TEXT.realName.invalidName);
    expect(realNameError('张三', '1101051949')).toBe(NATIVE_TEXT.realName.invalidId);
    expect(realNameError('张三', '110105194912310021')).toBe(NATIVE_TEXT.realName.invalidChecksum);
    expect(realNameError('张三', '11010519491231002X')).toBeNull();
    const sheet = createRealNameSheet('twoElement');
    const { ui, last, finished } = fakeUi();
    await sheet.start(ui);
    expect(texts(last())).toContain(NATIVE_TEXT.realName.twoElement);
    await sheet.onAction(
      { sheetId: ui.id, action: 'submit', values: { name: '张三', idNumber: '110105194912310021' } },
      ui,
    );
    expect(last().blocks).toContainEqual({ type: 'alert', text: NATIVE_TEXT.realName.invalidChecksum });
    await sheet.onAction(
      { sheetId: ui.id, action: 'submit', values: { name: ' 张三 ', idNumber: '11010519491231002x' } },
      ui,
    );
    expect(finished).toEqual([{ name: '张三', idNumber: '11010519491231002X' }]);
  });
});

describe('formatEventTime', () => {
  it('formats in the given time zone, with the end day only when it differs', () => {
    expect(formatEventTime('2025-03-01T11:00:00Z', '2025-03-01T13:00:00Z', 'Asia/Shanghai')).toBe(
      '2025年3月1日周六 19:00 – 21:00',
    );
    expect(formatEventTime('2025-03-01T15:00:00Z', '2025-03-01T17:00:00Z', 'Asia/Shanghai')).toBe(
      '2025年3月1日周六 23:00 – 2025年3月2日周日 01:00',
    );
    expect(formatEventTime('soon', 'later')).toBe('soon – later');
  });
});
