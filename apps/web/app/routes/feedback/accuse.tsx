import type { AccuseInfo } from '@h5/contract';
import { FEEDBACK_DETAIL_REQUIRED, FEEDBACK_IMAGE_NOT_OWNED } from '@h5/core';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { businessRefusal, failureCode } from '../../lib/failure';
import { formatTime } from '../../lib/format-time';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { useDraftRequestId } from '../../lib/use-draft-request-id';
import { useNow } from '../../lib/use-now';
import { EVIDENCE_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { EntryView } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/accuse';
import { backPathOf, readAccuseTarget } from './accuse-target';
import { ChoiceList } from './ChoiceList';
import { DescriptionField } from './DescriptionField';
import { FeedbackForm } from './FeedbackForm';
import { FormSkeleton } from './FormSkeleton';
import styles from './feedback.module.css';
import { LoadFailure } from './LoadFailure';
import { ResultCard } from './ResultCard';
import { TargetCard } from './TargetCard';

/** Visitors go to /login?redirect=here; the form's data is prefetched (or loaded in the browser on time-out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const target = readAccuseTarget(params);
  // A comment's 举报 says its content, where back goes after the report.
  const back = backPathOf(target, params.get('contentId'));
  if (!target) return { target, back, info: null, error: text.badTarget };
  const prefetch = await gatedPrefetch(request, context, 'feedback.accuseInfo', target);
  return { target, back, info: prefetch.data, error: prefetch.error };
}

export const meta: Route.MetaFunction = () => [{ title: `${text.accuseTitle} · ${SHELL_TEXT.siteTitle}` }];

/** The report page: target summary, reasons, description, evidence images, submit. */
export default function AccuseScreen({ loaderData }: Route.ComponentProps) {
  const { target, back, error } = loaderData;
  return (
    <Screen title={text.accuseTitle} fallback={back} backTestId="accuse-back">
      {target && !error ? (
        <AccuseBody target={target} info={loaderData.info} back={back} />
      ) : (
        <LoadFailure message={error ?? text.badTarget} back={back} />
      )}
    </Screen>
  );
}

type AccuseTarget = NonNullable<ReturnType<typeof readAccuseTarget>>;

/** The form's data: the loader's, or loaded in the browser after a prefetch time-out (spec §4). */
function AccuseBody({ target, info, back }: { target: AccuseTarget; info: AccuseInfo | null; back: string }) {
  const [state, load] = useEntry('feedback.accuseInfo', target, info, { errorToast: false });
  const refused = state.status === 'failed' ? businessRefusal(state.error) : null;
  if (refused) return <LoadFailure message={refused} back={back} />;
  return (
    <EntryView state={state} onRetry={load} skeleton={<FormSkeleton />}>
      {(data) => <AccuseForm info={data} back={back} />}
    </EntryView>
  );
}

function AccuseForm({ info, back }: { info: AccuseInfo; back: string }) {
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [sent, setSent] = useState(false);
  const uploads = useUploadQueue(info.maxImages, EVIDENCE_FOLDER);
  // One requestId per draft: a retry or a double tap of the same report is one record.
  const requestId = useDraftRequestId();
  const submit = useAction('feedback.submitAccuse', {
    invalidates: ['feedback.accuseInfo'],
    onDone: () => setSent(true),
  });
  const reason = info.reasons.find((r) => r.id === reasonId) ?? null;
  const now = useNow();

  if (sent)
    return (
      <ResultCard
        testId="accuse-success"
        title={text.successTitle}
        body={text.successBody}
        action={{ label: text.back, to: back }}
      />
    );
  if (info.submitted)
    return (
      <>
        <TargetCard target={info.target} />
        <ResultCard
          testId="accuse-already"
          title={text.alreadyTitle}
          body={text.alreadyBody(formatTime(info.submitted.createdAt, now))}
          action={{ label: text.back, to: back }}
        />
      </>
    );

  const draft = {
    targetType: info.target.type,
    targetId: info.target.id,
    reasonId: reasonId ?? 0,
    description,
    images: uploads.keys.map((key) => ({ key })),
  };
  // The description's and the images' refusals show under them, any other under the button.
  const refusedCode = failureCode(submit.failure);
  const fieldError = (code: number) => (refusedCode === code ? submit.error : null);
  const formError =
    fieldError(FEEDBACK_DETAIL_REQUIRED) || fieldError(FEEDBACK_IMAGE_NOT_OWNED) ? null : submit.error;
  const hint = !reason ? text.chooseReason : uploads.pending ? text.waitUploads : null;
  return (
    <FeedbackForm
      testId="accuse-form"
      onSubmit={() => void submit.run({ ...draft, requestId: requestId.idFor(JSON.stringify(draft)) })}
      ready={reason !== null && !uploads.pending}
      busy={submit.busy}
      hint={hint}
      error={formError}
    >
      <TargetCard target={info.target} />
      <ChoiceList
        title={text.reasonsTitle}
        name="reason"
        kind="radio"
        choices={info.reasons.map((r) => ({ id: r.id, label: r.title, tagged: r.needDetail }))}
        selected={reasonId === null ? [] : [reasonId]}
        onToggle={(id) => {
          // Another reason: the refusal of the last one (选择「其他」时请填写举报描述) no longer stands.
          setReasonId(id);
          submit.reset();
        }}
      />
      <DescriptionField
        title={text.descriptionTitle}
        value={description}
        onChange={(value) => {
          setDescription(value);
          if (submit.failure) submit.reset();
        }}
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
    </FeedbackForm>
  );
}
