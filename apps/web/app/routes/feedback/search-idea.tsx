import type { SearchIdeaConfig } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { businessRefusal } from '../../lib/failure';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useAction } from '../../lib/use-action';
import { useDraftRequestId } from '../../lib/use-draft-request-id';
import { EVIDENCE_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { EntryView } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/search-idea';
import { ChoiceList } from './ChoiceList';
import { DescriptionField } from './DescriptionField';
import { FeedbackForm } from './FeedbackForm';
import { FormSkeleton } from './FormSkeleton';
import { LoadFailure } from './LoadFailure';
import { ResultCard } from './ResultCard';

/** Longest keyword the contract takes. */
const KEYWORD_MAX = 100;

/** Visitors go to /login?redirect=here; the config is prefetched (or loaded in the browser on time-out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const keyword = (new URL(request.url).searchParams.get('keyword') ?? '').slice(0, KEYWORD_MAX);
  const prefetch = await gatedPrefetch(request, context, 'feedback.searchIdeaConfig', { keyword });
  return { keyword, config: prefetch.data, error: prefetch.error };
}

export const meta: Route.MetaFunction = () => [
  { title: `${text.searchIdeaTitle} · ${SHELL_TEXT.siteTitle}` },
];

/** The search-idea form: what the user wished search found, with options and images. */
export default function SearchIdeaScreen({ loaderData }: Route.ComponentProps) {
  const { keyword, error } = loaderData;
  return (
    <Screen title={text.searchIdeaTitle} backTestId="search-idea-back">
      {error ? (
        <LoadFailure message={error} back="/" />
      ) : (
        <SearchIdeaBody keyword={keyword} config={loaderData.config} />
      )}
    </Screen>
  );
}

/** The form's data: the loader's, or loaded in the browser after a prefetch time-out (spec §4). */
function SearchIdeaBody({ keyword, config }: { keyword: string; config: SearchIdeaConfig | null }) {
  const [state, load] = useEntry('feedback.searchIdeaConfig', { keyword }, config, { errorToast: false });
  const refused = state.status === 'failed' ? businessRefusal(state.error) : null;
  if (refused) return <LoadFailure message={refused} back="/" />;
  return (
    <EntryView state={state} onRetry={load} skeleton={<FormSkeleton />}>
      {(data) => <IdeaForm config={data} keyword={keyword} />}
    </EntryView>
  );
}

function IdeaForm({ config, keyword }: { config: SearchIdeaConfig; keyword: string }) {
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const [content, setContent] = useState('');
  const [sent, setSent] = useState(false);
  const uploads = useUploadQueue(config.maxImages, EVIDENCE_FOLDER);
  // One requestId per draft: a retry or a double tap of the same idea is one record.
  const requestId = useDraftRequestId();
  const submit = useAction('feedback.searchIdeaUpload', { onDone: () => setSent(true) });
  const toggle = (id: number) =>
    setOptionIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  if (sent)
    return (
      <ResultCard
        testId="idea-success"
        title={text.ideaSuccessTitle}
        body={text.ideaSuccessBody}
        action={{ label: text.back, to: '/' }}
      />
    );

  const draft = { keyword, optionIds, content, images: uploads.keys.map((key) => ({ key })) };
  const hasContent = content.trim().length > 0;
  return (
    <FeedbackForm
      testId="idea-form"
      onSubmit={() => void submit.run({ ...draft, requestId: requestId.idFor(JSON.stringify(draft)) })}
      ready={hasContent && !uploads.pending}
      busy={submit.busy}
      hint={!hasContent ? text.contentRequired : uploads.pending ? text.waitUploads : null}
      error={submit.error}
    >
      <section className={screen.card}>
        <h2 className={screen.sectionTitle}>{config.title}</h2>
        {keyword ? <p className={screen.note}>{text.searchKeyword(keyword)}</p> : null}
      </section>
      <ChoiceList
        title={text.optionsTitle}
        name="option"
        kind="checkbox"
        choices={config.options}
        selected={optionIds}
        onToggle={toggle}
      />
      <DescriptionField
        title={text.contentTitle}
        value={content}
        onChange={setContent}
        max={config.maxText}
        placeholder={config.placeholder}
        required
      />
      <EvidenceGrid uploads={uploads} max={config.maxImages} />
    </FeedbackForm>
  );
}
