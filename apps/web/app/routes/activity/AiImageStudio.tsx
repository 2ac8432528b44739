import { type AiImage, type AiImageStyle, aiImageStyleSchema } from '@h5/contract';
import { isApiError } from '@h5/request/api-error-brand';
import { useState } from 'react';
import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { useApi } from '../../lib/use-api';
import { AI_520_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import styles from './activity.module.css';

const STYLES = aiImageStyleSchema.options;

/** The 520 AI image: a photo through the upload SDK, a style, the server's styled picture or its refusal. */
export function AiImageStudio() {
  const api = useApi();
  const uploads = useUploadQueue(1, AI_520_FOLDER);
  const [style, setStyle] = useState<AiImageStyle>('sweet');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AiImage | null>(null);
  const [error, setError] = useState<{ code: number; message: string; reason: string | null } | null>(null);
  const make = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const imageKey = uploads.keys[0] as string;
      setResult(await api('activity.aiImageCreate', { imageKey, style }, { errorToast: false }));
    } catch (failure) {
      const reason = isApiError(failure) ? (failure.data as { reason?: unknown } | null)?.reason : null;
      setError({
        code: isApiError(failure) ? failure.code : 0,
        message: failure instanceof Error ? failure.message : String(failure),
        reason: typeof reason === 'string' ? reason : null,
      });
    } finally {
      setBusy(false);
    }
  };
  const hint = uploads.pending ? text.ai.waitUpload : uploads.keys.length === 0 ? text.ai.uploadFirst : null;
  return (
    <>
      <EvidenceGrid uploads={uploads} max={1} title={text.ai.pickTitle} />
      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{text.ai.styleTitle}</h2>
        <div className={styles.styles}>
          {STYLES.map((name) => (
            <button
              key={name}
              type="button"
              className={styles.style}
              aria-pressed={style === name}
              onClick={() => setStyle(name)}
              data-testid={`ai-style-${name}`}
            >
              {text.ai.styles[name]}
            </button>
          ))}
        </div>
      </section>
      <button
        type="button"
        className={styles.primary}
        disabled={hint !== null || busy}
        onClick={() => void make()}
        data-testid="ai-make"
      >
        {busy ? text.ai.making : text.ai.make}
      </button>
      {hint ? <p className={styles.note}>{hint}</p> : null}
      {error ? (
        <div role="alert" data-testid="ai-error" data-code={error.code}>
          <p className={styles.error} data-testid="ai-error-text">
            {error.message}
          </p>
          {error.reason ? <p className={styles.note}>{text.ai.reason(error.reason)}</p> : null}
        </div>
      ) : null}
      {result ? (
        <section className={styles.card} data-testid="ai-result" data-style={result.style}>
          <h2 className={styles.sectionTitle}>{text.ai.resultTitle}</h2>
          <img
            className={styles.result}
            src={result.resultUrl}
            alt={text.ai.resultAlt}
            width={720}
            height={720}
          />
        </section>
      ) : null}
    </>
  );
}
