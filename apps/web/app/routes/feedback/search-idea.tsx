import type { SearchIdeaConfig } from '@h5/contract';
import { useCallback, useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { gatedPrefetch } from '../../lib/gated-prefetch.server';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { useApi } from '../../lib/use-api';
import { EVIDENCE_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { PageHeader } from '../../shell/PageHeader';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import type { Route } from './+types/search-idea';
import { ChoiceList } from './ChoiceList';
import { DescriptionField } from './DescriptionField';
import { FormSkeleton } from './FormSkeleton';
import styles from './feedback.module.css';
import { LoadFailure, loadErrorOf } from './LoadFailure';
import { ResultCard } from './ResultCard';
import { SubmitBar } from './SubmitBar';
import { useSubmit } from './use-submit';

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
  const { keyword } = loaderData;
  return (
    <div className={styles.screen}>
      <PageHeader title={text.searchIdeaTitle} fallback="/" backTestId="search-idea-back" />
      {loaderData.error ? (
        <LoadFailure error={{ message: loaderData.error, retryable: false }} onRetry={noRetry} back={'/'} />
      ) : (
        <SearchIdeaBody keyword={keyword} config={loaderData.config} />
      )}
    </div>
  );
}

const noRetry = () => undefined;

/** The form's data: the loader's, or loaded in the browser after a prefetch time-out (spec §4). */
function SearchIdeaBody({ keyword, config }: { keyword: string; config: SearchIdeaConfig | null }) {
  const [state, load] = useEntry('feedback.searchIdeaConfig', { keyword }, config, { errorToast: false });
  if (state.status === 'ready') return <IdeaForm config={state.data} keyword={keyword} />;
  if (state.status === 'loading') return <FormSkeleton />;
  return (
    <LoadFailure
      error={loadErrorOf(state.status === 'failed' ? state.error : null)}
      onRetry={load}
      back={'/'}
    />
  );
}

function IdeaForm({ config, keyword }: { config: SearchIdeaConfig; keyword: string }) {
  const api = useApi();
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const [content, setContent] = useState('');
  const uploads = useUploadQueue(config.maxImages, EVIDENCE_FOLDER);
  const { keys } = uploads;
  const toggle = (id: number) =>
    setOptionIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const send = useCallback(
    (requestId: string) =>
      api(
        'feedback.searchIdeaUpload',
        { keyword, optionIds, content, images: keys.map((key) => ({ key })), requestId },
        { errorToast: false },
      ),
    [api, keyword, optionIds, content, keys],
  );
  const { submit, submitting, error, result } = useSubmit(send);

  if (result) {
    return (
      <main className={styles.main}>
        <ResultCard
          testId="idea-success"
          title={text.ideaSuccessTitle}
          body={text.ideaSuccessBody}
          action={{ label: text.back, to: '/' }}
        />
      </main>
    );
  }

  const hasContent = content.trim().length > 0;
  let hint: string | null = null;
  if (!hasContent) hint = text.contentRequired;
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
        data-testid="idea-form"
      >
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{config.title}</h2>
          {keyword ? <p className={styles.sectionNote}>{text.searchKeyword(keyword)}</p> : null}
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
        <SubmitBar
          disabled={!hasContent || uploads.pending || submitting}
          submitting={submitting}
          hint={hint}
          error={error ? error.message : null}
        />
      </form>
    </main>
  );
}
