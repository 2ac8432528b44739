import type { VideoAccount, VideoAccountDetails } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { putEntry } from '../../lib/data-layer/put-entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { useRootData } from '../../lib/root-data';
import { VIDEO_ACCOUNT_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { VIDEO_ACCOUNT_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { EntryScreen } from '../../shell/EntryScreen';
import { TextField } from '../../shell/Field';
import { SectionCard } from '../../shell/SectionCard';
import styles from '../../shell/screen.module.css';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/video-account';

export const meta: Route.MetaFunction = () => [{ title: `${text.title} · ${SHELL_TEXT.siteTitle}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = await gatedPrefetch(request, context, 'creator.videoAccount', {});
  return { account: account.data };
}

const FIELDS: ReadonlyArray<keyof VideoAccountDetails> = ['name', 'accountId', 'profileUrl'];
const EMPTY: VideoAccountDetails = { name: '', accountId: '', profileUrl: '' };

/** The video account (issue 15 point 3): state, details, the application with a screenshot. */
export default function VideoAccountScreen({ loaderData }: Route.ComponentProps) {
  const entry = useEntry('creator.videoAccount', {}, loaderData.account);
  return (
    <EntryScreen
      title={text.title}
      fallback="/creator/upgrade"
      backTestId="video-account-back"
      testId="video-account"
      entry={entry}
      refresh="creator.videoAccount"
      skeletonTestId="video-account-skeleton"
    >
      {(account) => <VideoAccountBody account={account} />}
    </EntryScreen>
  );
}

function VideoAccountBody({ account }: { account: VideoAccount }) {
  const viewer = useRootData()?.viewer ?? null;
  const [details, setDetails] = useState<VideoAccountDetails>(account.details ?? EMPTY);
  const [note, setNote] = useState<string | null>(null);
  const uploads = useUploadQueue(1, VIDEO_ACCOUNT_FOLDER);
  // Either write answers the account as it is now: every reader of the entry shows it.
  const done = (said: string) => (next: VideoAccount) => {
    putEntry('creator.videoAccount', {}, next);
    setNote(said);
  };
  const save = useAction('creator.saveVideoAccount', { fields: FIELDS, onDone: done(text.saved) });
  const apply = useAction('creator.applyVideoAccount', { onDone: done(text.applied) });
  const busy = save.busy || apply.busy;
  const error = save.error ?? apply.error;
  const pending = account.state === 'pending';
  let applyHint: string | null = null;
  if (!account.details) applyHint = text.saveFirst;
  else if (uploads.pending) applyHint = text.waitUpload;
  else if (uploads.keys.length === 0) applyHint = text.uploadFirst;
  return (
    <>
      <SectionCard
        title={text.stateTitle}
        note={
          <span className={styles.badge} data-testid="video-account-state" data-state={account.state}>
            {text.states[account.state]}
          </span>
        }
      >
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
      </SectionCard>
      <SectionCard title={text.detailsTitle}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setNote(null);
            void save.run(details);
          }}
          data-testid="video-account-form"
        >
          {FIELDS.map((field) => (
            <TextField
              key={field}
              label={text[field]}
              error={save.fieldErrors[field]}
              errorTestId={`error-${field}`}
              name={field}
              value={details[field]}
              onChange={(event) => setDetails({ ...details, [field]: event.currentTarget.value })}
              inputMode={field === 'profileUrl' ? 'url' : 'text'}
            />
          ))}
          <button type="submit" className={styles.primary} disabled={busy} data-testid="video-account-save">
            {save.busy ? text.saving : text.save}
          </button>
        </form>
      </SectionCard>
      {pending ? null : (
        <>
          <EvidenceGrid uploads={uploads} max={1} title={text.screenshotTitle} />
          <button
            type="button"
            className={styles.primary}
            disabled={applyHint !== null || busy}
            onClick={() => {
              setNote(null);
              void apply.run({ screenshotKey: uploads.keys[0] as string });
            }}
            data-testid="video-account-apply"
          >
            {apply.busy ? text.applying : text.apply}
          </button>
          {applyHint ? <p className={styles.note}>{applyHint}</p> : null}
        </>
      )}
      {error ? (
        <p className={styles.error} role="alert" data-testid="video-account-error">
          {error}
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
