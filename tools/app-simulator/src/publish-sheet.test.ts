import { contract } from '@h5/contract';
import { ApiError } from '@h5/request/api-error';
import { describe, expect, it } from 'vitest';
import { NATIVE_TEXT } from './native-text';
import { sheetOutcome } from './sheet-outcomes';
import { DISMISS_ACTION, type SheetSpec } from './sheet-spec';
import { generatePicture, pngSize } from './sheets/generated-picture';
import { createPublishSheet, PUBLISH_ACTIONS, PUBLISH_FIELDS, publishSheetSpec } from './sheets/publish';
import { fakeApi, fakeUi, nativeState, TOKENS } from './test-utils';

const TEXT = NATIVE_TEXT.publish;
const texts = (spec: SheetSpec) => JSON.stringify(spec.blocks);
const event = (action: string, values: Record<string, string> = {}) => ({
  sheetId: 'sheet-1',
  action,
  values,
});
const PUBLISH_PATH = contract.content.publish.path;

function setup(replies: unknown[] = [{ contentId: 901, reviewState: 'pending' }], tokens = true) {
  const { api, calls } = fakeApi({ [PUBLISH_PATH]: replies });
  const uploads: string[] = [];
  const sheet = createPublishSheet({
    api,
    tokens: async () => (tokens ? TOKENS : null),
    upload: async (picture) => {
      uploads.push(picture.name);
      return {
        key: `community-h5/publish/${picture.name}`,
        url: `https://cdn.test/${picture.name}`,
        width: picture.width,
        height: picture.height,
      };
    },
    tagId: 8,
  });
  return { sheet, calls, uploads, ...fakeUi() };
}

describe('generated pictures', () => {
  it('are PNGs of the asked size, a colour each', () => {
    const first = generatePicture(0, 48, 64);
    expect(pngSize(first.bytes)).toEqual({ width: 48, height: 64 });
    expect(first.name).toBe('native-1.png');
    expect(Buffer.from(generatePicture(1, 48, 64).bytes).equals(Buffer.from(first.bytes))).toBe(false);
    expect(pngSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('native publisher sheet (issue 32)', () => {
  it('draws pictures, topic, title, body and 发布', () => {
    const spec = publishSheetSpec('s1', { pictures: [], topic: 7 });
    expect(spec).toMatchObject({ id: 's1', kind: 'publish', title: '发布动态', closeLabel: '关闭' });
    expect(texts(spec)).toContain('还没有选择图片');
    expect(texts(spec)).toContain('话题：运营技巧');
    expect(spec.blocks.at(-1)).toEqual({
      type: 'button',
      button: { action: 'submit', label: '发布', style: 'primary' },
    });
    const busy = publishSheetSpec('s1', { pictures: [generatePicture(0, 8, 8)], topic: 7, busy: true });
    expect(busy.busy).toBe(true);
    expect(busy.blocks.at(-1)).toEqual({ type: 'spinner', label: '发布中…' });
    expect(texts(busy)).toContain('已选 1 张图片');
    expect(texts(busy)).toContain('native-1.png 8×8');
  });

  it('asks for a picture and a title before publishing', async () => {
    const { sheet, ui, last, calls } = setup();
    await sheet.start(ui);
    expect(texts(last())).toContain('话题：平台玩法');
    await sheet.onAction(event(PUBLISH_ACTIONS.submit, { [PUBLISH_FIELDS.title]: '标题' }), ui);
    expect(last().blocks).toContainEqual({ type: 'alert', text: '请至少选择 1 张图片' });
    await sheet.onAction(event(PUBLISH_ACTIONS.addPicture), ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.submit, { [PUBLISH_FIELDS.title]: '  ' }), ui);
    expect(last().blocks).toContainEqual({ type: 'alert', text: '请填写标题' });
    expect(calls).toHaveLength(0);
  });

  it('uploads the pictures and publishes once per sheet: a retry after a refusal keeps the request id and the uploads', async () => {
    const refused = new ApiError('标题含有敏感词', 4001, 200, 'business');
    const { sheet, ui, last, calls, uploads, finished } = setup([
      refused,
      { contentId: 901, reviewState: 'pending' },
    ]);
    await sheet.start(ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.addPicture), ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.addPicture), ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.nextTopic), ui);
    const values = { [PUBLISH_FIELDS.title]: ' 原生发布 ', [PUBLISH_FIELDS.body]: '正文' };
    await sheet.onAction(event(PUBLISH_ACTIONS.submit, values), ui);
    expect(last().blocks).toContainEqual({ type: 'alert', text: '标题含有敏感词' });
    await sheet.onAction(event(PUBLISH_ACTIONS.submit, values), ui);
    expect(uploads).toEqual(['native-1.png', 'native-2.png']);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input).toEqual({
      requestId: calls[0]?.input.requestId,
      contentType: 0,
      title: '原生发布',
      body: '正文',
      images: [{ key: 'community-h5/publish/native-1.png' }, { key: 'community-h5/publish/native-2.png' }],
      coverIndex: 0,
      category: 9,
    });
    expect(calls[1]?.options).toEqual({ tokens: TOKENS });
    expect(finished).toEqual([{ contentId: 901, reviewState: 'pending' }]);
  });

  it('without a session it asks to log in; closing finishes with nothing', async () => {
    const { sheet, ui, last, finished } = setup([], false);
    await sheet.start(ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.addPicture), ui);
    await sheet.onAction(event(PUBLISH_ACTIONS.submit, { [PUBLISH_FIELDS.title]: '标题' }), ui);
    expect(last().blocks).toContainEqual({ type: 'alert', text: TEXT.loginFirst });
    await sheet.onAction(event(DISMISS_ACTION), ui);
    expect(finished).toEqual([null]);
  });

  it('answers publishTrend { published: true } with a toast, or { published: false } when closed', () => {
    const opening = { kind: 'publish' as const };
    expect(sheetOutcome(nativeState(), 'r1', opening, { contentId: 1, reviewState: 'pending' })).toEqual({
      answer: { type: 'response', id: 'r1', ok: true, result: { published: true } },
      sideEffects: [{ type: 'toast', message: '发布成功' }],
    });
    expect(sheetOutcome(nativeState(), 'r1', opening, null)).toEqual({
      answer: { type: 'response', id: 'r1', ok: true, result: { published: false } },
      sideEffects: [],
    });
  });
});
