import type { AccuseInfo } from '@h5/contract';
import { FEEDBACK_DETAIL_REQUIRED, FEEDBACK_IMAGE_NOT_OWNED } from '@h5/core';
import { useCallback, useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { formatSubmittedAt } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { EVIDENCE_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { PageHeader } from '../../shell/PageHeader';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/accuse';
import { backPathOf, readAccuseTarget } from './accuse-target';
import { ChoiceList } from './ChoiceList';
import { DescriptionField } from './DescriptionField';
import { FormSkeleton } from './FormSkeleton';
import styles from './feedback.module.css';
import { LoadFailure, loadErrorOf } from './LoadFailure';
import { ResultCard } from './ResultCard';
import { SubmitBar } from './SubmitBar';
import { TargetCard } from './TargetCard';
import { useSubmit } from './use-submit';

/** Visitors go to /login?redirect=here; the form's data is prefetched (or loaded in the browser on time-out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = readAccuseTarget(new URL(request.url).searchParams);
  if (!target) return { target, info: null, error: text.badTarget };
  const prefetch = await gatedPrefetch(request, context, 'feedback.accuseInfo', target);
  return { target, info: prefetch.data, error: prefetch.error };
}

export const meta: Route.MetaFunction = () => [{ title: `${text.accuseTitle} · ${SHELL_TEXT.siteTitle}` }];

/** The report page: target summary, reasons, description, evidence images, submit. */
export default function AccuseScreen({ loaderData }: Route.ComponentProps) {
  const { target, error } = loaderData;
  const back = backPathOf(target);
  return (
    <div className={styles.screen}>
      <PageHeader title={text.accuseTitle} fallback={back} backTestId="accuse-back" />
      {target && !error ? (
        <AccuseBody target={target} info={loaderData.info} back={back} />
      ) : (
        <LoadFailure
          error={{ message: error ?? text.badTarget, retryable: false }}
          onRetry={noRetry}
          back={back}
        />
      )}
    </div>
  );
}

const noRetry = () => undefined;
type AccuseTarget = NonNullable<ReturnType<typeof readAccuseTarget>>;

/** The form's data: the loader's, or loaded in the browser after a prefetch time-out (spec §4). */
function AccuseBody({ target, info, back }: { target: AccuseTarget; info: AccuseInfo | null; back: string }) {
  const [state, load] = useEntry('feedback.accuseInfo', target, info, { errorToast: false });
  if (state.status === 'ready') return <AccuseForm info={state.data} back={back} />;
  if (state.status === 'loading') return <FormSkeleton />;
  return (
    <LoadFailure
      error={loadErrorOf(state.status === 'failed' ? state.error : null)}
      onRetry={load}
      back={back}
    />
  );
}

function AccuseForm({ info, back }: { info: AccuseInfo; back: string }) {
  const api = useApi();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const uploads = useUploadQueue(info.maxImages, EVIDENCE_FOLDER);
  const reason = info.reasons.find((r) => r.id === reasonId) ?? null;
  const { keys } = uploads;

  const send = useCallback(
    (requestId: string) =>
      api(
        'feedback.submitAccuse',
        {
          targetType: info.target.type,
          targetId: info.target.id,
          reasonId: reasonId ?? 0,
          description,
          images: keys.map((key) => ({ key })),
          requestId,
        },
        { errorToast: false },
      ),
    [api, info.target, reasonId, description, keys],
  );
  const { submit, submitting, error, result } = useSubmit(send);

  if (info.submitted && !result) {
    return (
      <main className={styles.main}>
        <TargetCard target={info.target} />
        <ResultCard
          testId="accuse-already"
          title={text.alreadyTitle}
          body={text.alreadyBody(formatSubmittedAt(info.submitted.createdAt))}
          action={{ label: text.back, to: back }}
        />
      </main>
    );
  }
  if (result) {
    return (
      <main className={styles.main}>
        <ResultCard
          testId="accuse-success"
          title={text.successTitle}
          body={text.successBody}
          action={{ label: text.back, to: back }}
        />
      </main>
    );
  }

  const fieldError = (code: number) => (error?.code === code ? error.message : null);
  const formError =
    error && error.code !== FEEDBACK_DETAIL_REQUIRED && error.code !== FEEDBACK_IMAGE_NOT_OWNED
      ? error.message
      : null;
  let hint: string | null = null;
  if (!reason) hint = text.chooseReason;
  else if (uploads.pending) hint = text.waitUploads;

  return (
    <main>
      <form
        className={styles.main}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        data-testid="accuse-form"
      >
        <TargetCard target={info.target} />
        <ChoiceList
          title={text.reasonsTitle}
          name="reason"
          kind="radio"
          choices={info.reasons.map((r) => ({ id: r.id, label: r.title, tagged: r.needDetail }))}
          selected={reasonId === null ? [] : [reasonId]}
          onToggle={setReasonId}
        />
        <DescriptionField
          title={text.descriptionTitle}
          value={description}
          onChange={setDescription}
          max={info.maxText}
          placeholder={text.descriptionPlaceholder}
          required={reason?.needDetail === true}
          error={fieldError(FEEDBACK_DETAIL_REQUIRED)}
        />
        <EvidenceGrid uploads={uploads} max={info.maxImages} />
        {fieldError(FEEDBACK_IMAGE_NOT_OWNED) ? (
          <p className={styles.error} role="alert" data-testid="images-error">
            {fieldError(FEEDBACK_IMAGE_NOT_OWNED)}
          </p>
        ) : null}
        <SubmitBar
          disabled={!reason || uploads.pending || submitting}
          submitting={submitting}
          hint={hint}
          error={formError}
        />
      </form>
    </main>
  );
}
