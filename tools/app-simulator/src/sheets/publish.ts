import type { NativeTokens } from '@h5/bridge/protocol';
import { contract, PUBLISH_LIMITS } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, createUuid } from '@h5/core';
import { isApiError } from '@h5/request/api-error';
import { NATIVE_TEXT } from '../native-text';
import type { ServerApi } from '../server-api';
import { type BlockSpec, DISMISS_ACTION, type SheetSpec } from '../sheet-spec';
import { type GeneratedPicture, generatePicture } from './generated-picture';
import type { SheetController } from './sheet-controller';

const TEXT = NATIVE_TEXT.publish;
export const PUBLISH_ACTIONS = {
  addPicture: 'addPicture',
  removePicture: 'removePicture',
  nextTopic: 'nextTopic',
  submit: 'submit',
} as const;
export const PUBLISH_FIELDS = { title: 'title', body: 'body' } as const;
/** The native publisher's limits: the contract's. */
export const NATIVE_MAX_PICTURES = PUBLISH_LIMITS.imagesMax;
const MAX_TITLE = PUBLISH_LIMITS.titleMax;

/** The topics (content categories) the native publisher cycles through, 热门推荐 aside. */
export const NATIVE_TOPICS = Object.keys(CONTENT_CATEGORY_NAMES)
  .map(Number)
  .filter((id) => id !== 0);

/** An uploaded picture: its storage key (what the post names) and URL. */
export interface UploadedPicture {
  key: string;
  url: string;
  width: number;
  height: number;
}

export interface PublishSheetDeps {
  api: ServerApi;
  /** The app's session (the page's cookies when the page logged in on its own). */
  tokens: () => Promise<NativeTokens | null>;
  /** Uploads one picture as the app's own uploader would. */
  upload: (picture: GeneratedPicture, tokens: NativeTokens) => Promise<UploadedPicture>;
  /** The page's publishTrend payload: a preset topic and text. */
  tagId?: number;
  text?: string;
}

export interface PublishView {
  pictures: GeneratedPicture[];
  topic: number;
  busy?: boolean;
  error?: string;
  /** Sets the body once (the payload's text). */
  body?: string;
}

/** What the native publisher finishes with. */
export interface PublishedContent {
  contentId: number;
  reviewState: string;
}

/** The native publisher: pictures (made by the simulator), topic, title, body, publish. */
export function publishSheetSpec(id: string, view: PublishView): SheetSpec {
  const busy = view.busy === true;
  const blocks: BlockSpec[] = [
    { type: 'heading', text: TEXT.heading, subtitle: TEXT.subtitle },
    {
      type: 'card',
      title: TEXT.pictures(view.pictures.length),
      lines: view.pictures.map((p) => TEXT.picture(p.name, p.width, p.height)),
    },
    {
      type: 'button',
      button: {
        action: PUBLISH_ACTIONS.addPicture,
        label: TEXT.addPicture,
        style: 'secondary',
        disabled: busy || view.pictures.length >= NATIVE_MAX_PICTURES,
      },
    },
  ];
  if (view.pictures.length > 0)
    blocks.push({
      type: 'button',
      button: {
        action: PUBLISH_ACTIONS.removePicture,
        label: TEXT.removePicture,
        style: 'link',
        disabled: busy,
      },
    });
  blocks.push(
    { type: 'text', text: TEXT.topic(CONTENT_CATEGORY_NAMES[view.topic] ?? String(view.topic)) },
    {
      type: 'button',
      button: { action: PUBLISH_ACTIONS.nextTopic, label: TEXT.nextTopic, style: 'link', disabled: busy },
    },
    {
      type: 'field',
      field: {
        name: PUBLISH_FIELDS.title,
        label: TEXT.titleLabel,
        placeholder: TEXT.titlePlaceholder,
        maxLength: MAX_TITLE,
        autocomplete: 'off',
      },
    },
    {
      type: 'field',
      field: {
        name: PUBLISH_FIELDS.body,
        label: TEXT.bodyLabel,
        placeholder: TEXT.bodyPlaceholder,
        autocomplete: 'off',
        ...(view.body !== undefined ? { value: view.body } : {}),
      },
    },
  );
  if (view.error) blocks.push({ type: 'alert', text: view.error });
  blocks.push(
    busy
      ? { type: 'spinner', label: TEXT.publishing }
      : { type: 'button', button: { action: PUBLISH_ACTIONS.submit, label: TEXT.submit, style: 'primary' } },
  );
  return { id, kind: 'publish', title: TEXT.title, closeLabel: NATIVE_TEXT.close, blocks, busy };
}

/** What is missing before publishing, or null. */
export function publishProblem(title: string, pictures: number): string | null {
  if (pictures === 0) return TEXT.needPicture;
  return title === '' ? TEXT.needTitle : null;
}

/**
 * The app's publisher: the tester adds generated pictures, picks a topic, writes a title and text;
 * 发布 uploads the pictures and calls the server's content.publish as the native app would (one
 * request id per sheet, so a retry after a failure is one content). Null when closed.
 */
export function createPublishSheet(deps: PublishSheetDeps): SheetController<PublishedContent> {
  const requestId = createUuid();
  const view: PublishView = {
    pictures: [],
    topic:
      deps.tagId !== undefined && NATIVE_TOPICS.includes(deps.tagId)
        ? deps.tagId
        : (NATIVE_TOPICS[0] as number),
    ...(deps.text ? { body: deps.text } : {}),
  };
  // Uploaded once: a retry after a refused publish does not upload again.
  const uploaded = new Map<GeneratedPicture, UploadedPicture>();
  const draw = (
    ui: Parameters<SheetController<PublishedContent>['start']>[0],
    change: Partial<PublishView> = {},
  ) => {
    Object.assign(view, change);
    const spec = publishSheetSpec(ui.id, view);
    delete view.body;
    return ui.render(spec);
  };
  return {
    kind: 'publish',
    start: (ui) => draw(ui),
    async onAction({ action, values }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (view.busy) return;
      if (action === PUBLISH_ACTIONS.addPicture && view.pictures.length < NATIVE_MAX_PICTURES)
        return draw(ui, { pictures: [...view.pictures, generatePicture(view.pictures.length)], error: '' });
      if (action === PUBLISH_ACTIONS.removePicture) return draw(ui, { pictures: view.pictures.slice(0, -1) });
      if (action === PUBLISH_ACTIONS.nextTopic) {
        const at = NATIVE_TOPICS.indexOf(view.topic);
        return draw(ui, { topic: NATIVE_TOPICS[(at + 1) % NATIVE_TOPICS.length] as number });
      }
      if (action !== PUBLISH_ACTIONS.submit) return;
      const title = (values[PUBLISH_FIELDS.title] ?? '').trim();
      const body = (values[PUBLISH_FIELDS.body] ?? '').trim();
      const problem = publishProblem(title, view.pictures.length);
      if (problem) return draw(ui, { error: problem });
      const tokens = await deps.tokens();
      if (!tokens) return draw(ui, { error: TEXT.loginFirst });
      await draw(ui, { busy: true, error: '' });
      try {
        const images: UploadedPicture[] = [];
        for (const picture of view.pictures) {
          const done = uploaded.get(picture) ?? (await deps.upload(picture, tokens));
          uploaded.set(picture, done);
          images.push(done);
        }
        const answer = await deps.api(
          contract.content.publish,
          {
            requestId,
            contentType: 0,
            title,
            body,
            images: images.map(({ key }) => ({ key })),
            coverIndex: 0,
            category: view.topic,
          },
          { tokens },
        );
        view.busy = false;
        await ui.finish({ contentId: answer.contentId, reviewState: answer.reviewState });
      } catch (error) {
        // The tester reads the sheet; the test log gets the cause of a failure that is not the server's answer.
        if (!isApiError(error)) console.warn('simulator publish failed', error);
        await draw(ui, { busy: false, error: isApiError(error) ? error.message : TEXT.network });
      }
    },
  };
}
