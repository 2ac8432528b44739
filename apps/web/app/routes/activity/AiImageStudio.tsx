import { type AiImage, type AiImageStyle, aiImageStyleSchema } from '@h5/contract';
import { isApiError } from '@h5/request/api-error-brand';
import { useState } from 'react';
import { failureCode } from '../../lib/failure';
import { useRootData } from '../../lib/root-data';
import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { useAction } from '../../lib/use-action';
import { AI_520_FOLDER } from '../../platform/upload/upload-config';
import { useUploadQueue } from '../../platform/upload/use-upload-queue';
import { SectionCard } from '../../shell/SectionCard';
import screen from '../../shell/screen.module.css';
import { Toast } from '../../shell/Toast';
import { EvidenceGrid } from '../../shell/upload/EvidenceGrid';
import { useToast } from '../../shell/use-toast';
import styles from './activity.module.css';

const STYLES = aiImageStyleSchema.options;

/** The review's reason of a refused picture: the server puts it in the refusal's data. */
function reasonOf(failure: unknown): string | null {
  const reason = isApiError(failure) ? (failure.data as { reason?: unknown } | null)?.reason : null;
  return typeof reason === 'string' ? reason : null;
}

/** The 520 AI image: a photo through the upload SDK, a style, the server's styled picture or its refusal. */
export function AiImageStudio() {
  const uploads = useUploadQueue(1, AI_520_FOLDER);
  const [style, setStyle] = useState<AiImageStyle>('sweet');
  const [result, setResult] = useState<AiImage | null>(null);
  const make = useAction('activity.aiImageCreate', { onDone: setResult });
  const hint = uploads.pending ? text.ai.waitUpload : uploads.keys.length === 0 ? text.ai.uploadFirst : null;
  const reason = reasonOf(make.failure);
  return (
    <>
      <EvidenceGrid uploads={uploads} max={1} title={text.ai.pickTitle} />
      <SectionCard title={text.ai.styleTitle}>
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
      </SectionCard>
      <button
        type="button"
        className={styles.primary}
        disabled={hint !== null || make.busy}
        onClick={() => void make.run({ imageKey: uploads.keys[0] as string, style })}
        data-testid="ai-make"
      >
        {make.busy ? text.ai.making : text.ai.make}
      </button>
      {hint ? <p className={screen.note}>{hint}</p> : null}
      {make.error ? (
        <div role="alert" data-testid="ai-error" data-code={failureCode(make.failure)}>
          <p className={screen.error} data-testid="ai-error-text">
            {make.error}
          </p>
          {reason ? <p className={screen.note}>{text.ai.reason(reason)}</p> : null}
        </div>
      ) : null}
      {result ? (
        <SectionCard title={text.ai.resultTitle} testId="ai-result" data={{ 'data-style': result.style }}>
          <img
            className={styles.result}
            src={result.resultUrl}
            alt={text.ai.resultAlt}
            width={720}
            height={720}
          />
          <PictureActions url={result.resultUrl} />
        </SectionCard>
      ) : null}
    </>
  );
}

/** Save the picture (a download) and share it with TA (share-picture.ts, loaded on the tap). */
function PictureActions({ url }: { url: string }) {
  const runtime = useRootData()?.runtime;
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    const message = await import('./share-picture').then(
      (m) => m.sharePicture(url, runtime ?? {}),
      () => text.ai.shareFailed,
    );
    setBusy(false);
    if (message) showToast(message);
  };
  return (
    <div className={styles.pictureActions}>
      <a className={styles.pictureSave} href={url} download={text.ai.fileName('')} data-testid="ai-save">
        {text.ai.save}
      </a>
      <button
        type="button"
        className={styles.pictureShare}
        disabled={busy}
        onClick={() => void share()}
        data-testid="ai-share"
      >
        {busy ? text.ai.sharing : text.ai.share}
      </button>
      <Toast message={toast} testId="ai-toast" />
    </div>
  );
}
