import type { VideoAccount, VideoAccountDetails } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { put } from '../../lib/data-layer/cache';
import { keyOf } from '../../lib/data-layer/entry';
import { type EntryState, useEntry } from '../../lib/data-layer/use-entry';
import { type FieldError, formErrorOf } from '../../lib/form-error';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { useRootData } from '../../lib/root-data';
import { VIDEO_ACCOUNT_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { VIDEO_ACCOUNT_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { PullIndicator } from '../../shell/PullIndicator';
import styles from '../../shell/screen.module.css';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import { usePullToRefresh } from '../../shell/use-pull-to-refresh';
import type { Route } from './+types/video-account';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await gatedPrefetch(request, context, 'creator.videoAccount', {});
  return { account: account.data };
}

const ACCOUNT_KEY = keyOf('creator.videoAccount', {});
const FIELDS: ReadonlyArray<keyof VideoAccountDetails> = ['name', 'accountId', 'profileUrl'];
const EMPTY: VideoAccountDetails = { name: '', accountId: '', profileUrl: '' };

/** The video account (issue 15 point 3): state, details, the application with a screenshot. */
export default function VideoAccountScreen({ loaderData }: Route.ComponentProps) {
  const [seeded, setSeeded] = useState(true);
  const [state, reload] = useEntry('creator.videoAccount', {}, seeded ? loaderData.account : null);
  const pull = usePullToRefresh(() => {
    setSeeded(false);
    reload();
  }, state.status !== 'loading');
  /** A write's answer is the new state: every reader of the entry shows it. */
  const update = (account: VideoAccount) => {
    put<EntryState<VideoAccount>>(ACCOUNT_KEY, { status: 'ready', data: account });
    setSeeded(false);
  };
  return (
    <div className={styles.screen} data-testid="video-account">
      <PageHeader title={text.title} fallback="/creator/upgrade" backTestId="video-account-back" />
      <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          <VideoAccountBody account={state.data} onUpdate={update} />
        ) : state.status === 'loading' ? (
          <div className={styles.skeleton} data-testid="video-account-skeleton" />
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
    </div>
  );
}

function VideoAccountBody({
  account,
  onUpdate,
}: {
  account: VideoAccount;
  onUpdate: (a: VideoAccount) => void;
}) {
  const api = useApi();
  const viewer = useRootData()?.viewer ?? null;
  const [details, setDetails] = useState<VideoAccountDetails>(account.details ?? EMPTY);
  const [error, setError] = useState<FieldError | null>(null);
  const [busy, setBusy] = useState<'save' | 'apply' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const uploads = useUploadQueue(1, VIDEO_ACCOUNT_FOLDER);
  const run = async (kind: 'save' | 'apply', call: () => Promise<VideoAccount>, done: string) => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    setNote(null);
    try {
      onUpdate(await call());
      setNote(done);
    } catch (failure) {
      // A 400 naming one of the inputs (`name: 请填写视频号名称`): its reason under that input.
      setError(formErrorOf(failure, FIELDS));
    } finally {
      setBusy(null);
    }
  };
  const pending = account.state === 'pending';
  let applyHint: string | null = null;
  if (!account.details) applyHint = text.saveFirst;
  else if (uploads.pending) applyHint = text.waitUpload;
  else if (uploads.keys.length === 0) applyHint = text.uploadFirst;
  return (
    <>
      <section className={styles.card} data-testid="video-account-state" data-state={account.state}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{text.stateTitle}</h2>
          <span className={styles.badge}>{text.states[account.state]}</span>
        </div>
        {account.state === 'rejected' && account.reason ? (
          <p className={styles.reason}>{text.rejectedReason(account.reason)}</p>
        ) : null}
        {pending ? <p className={styles.note}>{text.pendingNote}</p> : null}
        {account.state === 'approved' && viewer ? (
          <Link
            className={styles.action}
            to={`/creator/video-account/card?userId=${viewer.userId}`}
            data-testid="video-account-card-link"
          >
            {text.viewCard}
          </Link>
        ) : null}
      </section>
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run('save', () => api('creator.saveVideoAccount', details, { errorToast: false }), text.saved);
        }}
        data-testid="video-account-form"
      >
        <h2 className={styles.sectionTitle}>{text.detailsTitle}</h2>
        {FIELDS.map((field) => (
          <label key={field} className={styles.field}>
            {text[field]}
            <input
              className={styles.input}
              name={field}
              value={details[field]}
              onChange={(event) => setDetails({ ...details, [field]: event.currentTarget.value })}
              aria-invalid={error?.field === field}
              inputMode={field === 'profileUrl' ? 'url' : 'text'}
            />
            {error?.field === field ? (
              <span className={styles.error} role="alert" data-testid={`error-${field}`}>
                {error.message}
              </span>
            ) : null}
          </label>
        ))}
        <button
          type="submit"
          className={styles.primary}
          disabled={busy !== null}
          data-testid="video-account-save"
        >
          {busy === 'save' ? text.saving : text.save}
        </button>
      </form>
      {pending ? null : (
        <>
          <EvidenceGrid uploads={uploads} max={1} title={text.screenshotTitle} />
          <button
            type="button"
            className={styles.primary}
            disabled={applyHint !== null || busy !== null}
            onClick={() =>
              void run(
                'apply',
                () =>
                  api(
                    'creator.applyVideoAccount',
                    { screenshotKey: uploads.keys[0] as string },
                    { errorToast: false },
                  ),
                text.applied,
              )
            }
            data-testid="video-account-apply"
          >
            {busy === 'apply' ? text.applying : text.apply}
          </button>
          {applyHint ? <p className={styles.note}>{applyHint}</p> : null}
        </>
      )}
      {error && error.field === '' ? (
        <p className={styles.error} role="alert" data-testid="video-account-error">
          {error.message}
        </p>
      ) : null}
      {note ? (
        <p className={styles.note} role="status" data-testid="video-account-note">
          {note}
        </p>
      ) : null}
    </>
  );
}
