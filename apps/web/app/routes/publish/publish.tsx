import { PUBLISH_LIMITS } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES } from '@h5/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { useRootData } from '../../lib/root-data';
import { PUBLISH_TEXT as text } from '../../lib/ui-text/publish';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { useDraftRequestId } from '../../lib/use-draft-request-id';
import { usePublish } from '../../shell/community/use-publish';
import { Field } from '../../shell/Field';
import { Screen } from '../../shell/Screen';
import shell from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { useToast } from '../../shell/use-toast';
import type { Route } from './+types/publish';
import { PictureGrid } from './PictureGrid';
import { ProductPicker } from './ProductPicker';
import { uploadedPictures } from './picture-list';
import styles from './publish.module.css';
import {
  clearPublishDraft,
  type DraftProduct,
  EMPTY_DRAFT,
  type PublishDraft,
  readPublishDraft,
  savePublishDraft,
} from './publish-draft';
import { usePictureUploads } from './use-picture-uploads';

const {
  imagesMax: MAX_PICTURES,
  titleMax: MAX_TITLE,
  bodyMax: MAX_BODY,
  productsMax: MAX_PRODUCTS,
  topicMax: MAX_TOPIC,
} = PUBLISH_LIMITS;
/** The topics an author picks from: the spec's tag ids (content categories), 热门推荐 aside. */
const TOPICS = Object.entries(CONTENT_CATEGORY_NAMES)
  .map(([id, name]) => ({ id: Number(id), name }))
  .filter((topic) => topic.id !== 0);
/** A 400 naming one of these shows under it. */
const FIELDS = ['title', 'body', 'images', 'coverIndex', 'category', 'topic', 'spuIds'];

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

/** Login only: a visitor goes to the login and comes back (the gate's call, one's own profile, proves the session). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await gatedPrefetch(request, context, 'auth.profile', {});
  return null;
}

/** The web publisher (issue 32 point 1): pictures or an article, a topic, products; a draft kept per user. */
export default function Publish() {
  const viewer = useRootData()?.viewer;
  const home = viewer ? `/community/user?userId=${viewer.userId}` : '/';
  const inApp = useRootData()?.inApp ?? false;
  return (
    <Screen title={text.title} fallback={home} backTestId="publish-back" testId="publish">
      {!viewer ? null : inApp ? (
        <InAppPublish home={home} />
      ) : (
        <PublishForm userId={viewer.userId} home={home} />
      )}
    </Screen>
  );
}

/** Inside the app the app's own publisher writes the post (the bridge's publishTrend); then the author's home. */
function InAppPublish({ home }: { home: string }) {
  const navigate = useNavigate();
  const [toast, showToast] = useToast();
  const onPublished = useCallback(() => navigate(home, { replace: true }), [navigate, home]);
  const publish = usePublish(onPublished, showToast);
  return (
    <section className={shell.card} data-testid="publish-in-app">
      <p className={shell.note}>{text.inAppHint}</p>
      <button
        type="button"
        className={styles.submitWide}
        onClick={() => void publish()}
        data-testid="publish-open-native"
      >
        {text.openNative}
      </button>
      <Toast message={toast} testId="publish-toast" />
    </section>
  );
}

function PublishForm({ userId, home }: { userId: number; home: string }) {
  const ids = useId();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PublishDraft>(EMPTY_DRAFT);
  const [restored, setRestored] = useState(false);
  const [toast, showToast] = useToast();
  const [missing, setMissing] = useState<string | null>(null);
  const uploads = usePictureUploads(MAX_PICTURES);
  const requestId = useDraftRequestId();
  // The stored draft is read once in the browser; nothing is saved before, so it is not overwritten.
  const loaded = useRef(false);
  useEffect(() => {
    const stored = readPublishDraft(userId);
    if (stored) {
      setDraft(stored);
      uploads.restore(stored.pictures, stored.coverIndex);
      setRestored(true);
    }
    loaded.current = true;
  }, [userId, uploads.restore]);

  const { pictures, coverIndex } = uploadedPictures(uploads.list);
  const whole: PublishDraft = { ...draft, pictures, coverIndex };
  const wholeJson = JSON.stringify(whole);
  // Every change is kept at once: a reload, a login or leaving the page loses nothing uploaded.
  useEffect(() => {
    if (loaded.current) savePublishDraft(userId, JSON.parse(wholeJson) as PublishDraft);
  }, [userId, wholeJson]);

  const publish = useAction('content.publish', {
    fields: FIELDS,
    invalidates: ['community.uhomepageContents', 'community.uhomepageProfile'],
    onDone: () => {
      requestId.sent();
      clearPublishDraft(userId);
      invalidate('invite');
      navigate(home, { replace: true });
    },
  });
  const change = (part: Partial<PublishDraft>) => {
    setDraft((now) => ({ ...now, ...part }));
    setMissing(null);
    publish.reset();
  };
  const isArticle = draft.contentType === 2;

  const submit = () => {
    const problem =
      !isArticle && pictures.length === 0
        ? text.needPicture
        : draft.title.trim() === ''
          ? text.needTitle
          : isArticle && draft.body.trim() === ''
            ? text.needBody
            : draft.category === null
              ? text.needTopic
              : null;
    setMissing(problem);
    if (problem || draft.category === null) return;
    const topic = draft.topic.trim().replace(/^#+/, '');
    const input = {
      contentType: draft.contentType,
      title: draft.title.trim(),
      body: draft.body.trim(),
      images: isArticle ? [] : pictures.map(({ key }) => ({ key })),
      ...(isArticle ? {} : { coverIndex }),
      category: draft.category,
      ...(topic ? { topic } : {}),
      ...(draft.products.length > 0 ? { spuIds: draft.products.map((p) => p.spuId) } : {}),
    };
    // One request id per draft: a double tap or a retry of the same draft is one content.
    void publish.run({ requestId: requestId.idFor(JSON.stringify(input)), ...input });
  };

  const error = missing ?? Object.values(publish.fieldErrors)[0] ?? publish.error;
  const busy = publish.busy || (!isArticle && uploads.pending);
  return (
    <form
      className={styles.form}
      noValidate
      data-testid="publish-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {restored ? (
        <p className={styles.restored} role="status" data-testid="publish-draft-restored">
          {text.draftRestored}
        </p>
      ) : null}
      <div className={styles.kinds} role="radiogroup" aria-label={text.kindsLabel}>
        {(
          [
            [0, text.kinds.pictures],
            [2, text.kinds.article],
          ] as const
        ).map(([kind, label]) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={draft.contentType === kind}
            className={styles.kind}
            onClick={() => change({ contentType: kind })}
            data-testid={`publish-kind-${kind}`}
          >
            {label}
          </button>
        ))}
      </div>
      {isArticle ? null : <PictureGrid uploads={uploads} max={MAX_PICTURES} />}
      <section className={shell.card}>
        <Field className={styles.field} label={text.titleLabel} error={publish.fieldErrors.title}>
          <input
            className={styles.titleInput}
            name="title"
            maxLength={MAX_TITLE}
            placeholder={text.titlePlaceholder}
            value={draft.title}
            onChange={(event) => change({ title: event.currentTarget.value })}
            data-testid="publish-title"
          />
          <span className={styles.counter} aria-live="polite" data-testid="publish-title-counter">
            {text.counter(draft.title.length, MAX_TITLE)}
          </span>
        </Field>
        <Field className={styles.field} label={text.bodyLabel} error={publish.fieldErrors.body}>
          <textarea
            className={styles.textarea}
            name="body"
            maxLength={MAX_BODY}
            placeholder={isArticle ? text.articlePlaceholder : text.bodyPlaceholder}
            value={draft.body}
            onChange={(event) => change({ body: event.currentTarget.value })}
            data-testid="publish-body"
          />
          <span className={styles.counter}>{text.counter(draft.body.length, MAX_BODY)}</span>
        </Field>
      </section>
      <section className={shell.card} aria-labelledby={`${ids}-topic`}>
        <div className={shell.sectionHead}>
          <h2 className={shell.sectionTitle} id={`${ids}-topic`}>
            {text.topicTitle}
          </h2>
        </div>
        <p className={shell.note}>{text.topicHint}</p>
        <div className={styles.chips} role="radiogroup" aria-labelledby={`${ids}-topic`}>
          {TOPICS.map((topic) => (
            // biome-ignore lint/a11y/useSemanticElements: chips, one of which is picked
            <button
              key={topic.id}
              type="button"
              role="radio"
              aria-checked={draft.category === topic.id}
              className={styles.chip}
              onClick={() => change({ category: topic.id })}
              data-testid={`publish-topic-${topic.id}`}
            >
              {topic.name}
            </button>
          ))}
        </div>
        <Field className={styles.field} label={text.hashtagLabel} error={publish.fieldErrors.topic}>
          <span className={styles.hashtag}>
            <span aria-hidden="true">#</span>
            <input
              className={styles.hashtagInput}
              name="topic"
              maxLength={MAX_TOPIC}
              placeholder={text.hashtagPlaceholder}
              value={draft.topic}
              onChange={(event) => change({ topic: event.currentTarget.value })}
              data-testid="publish-hashtag"
            />
          </span>
        </Field>
      </section>
      <ProductPicker
        chosen={draft.products}
        max={MAX_PRODUCTS}
        onChange={(products: DraftProduct[]) => change({ products })}
      />
      {error ? (
        <p className={styles.error} role="alert" data-testid="publish-error">
          {error}
        </p>
      ) : null}
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.saveDraft}
          onClick={() => {
            savePublishDraft(userId, whole);
            showToast(text.draftSaved);
          }}
          data-testid="publish-save-draft"
        >
          {text.saveDraft}
        </button>
        <button type="submit" className={styles.submit} disabled={busy} data-testid="publish-submit">
          {!isArticle && uploads.pending ? text.waitUpload : publish.busy ? text.publishing : text.publish}
        </button>
      </div>
      <Toast message={toast} testId="publish-toast" />
    </form>
  );
}
