import { useId } from 'react';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import type { QueuedUpload } from '../../platform/upload/queue-state';
import type { UploadQueue } from '../../platform/upload/use-upload-queue';
import form from '../screen.module.css';
import styles from './EvidenceGrid.module.css';

/** The evidence images: a tile per picked file (thumbnail, progress, retry, remove) and the add tile. */
export function EvidenceGrid({
  uploads,
  max,
  title = text.imagesTitle,
}: {
  uploads: UploadQueue;
  max: number;
  title?: string;
}) {
  const inputId = useId();
  const failures = uploads.queue.filter((item) => item.status === 'error');
  return (
    <section className={form.card} aria-labelledby={`${inputId}-title`}>
      <div className={form.sectionHead}>
        <h2 className={form.sectionTitle} id={`${inputId}-title`}>
          {title}
        </h2>
        <span className={form.note}>
          {uploads.queue.length}/{max}
        </span>
      </div>
      <ul className={styles.grid} data-testid="evidence-grid">
        {uploads.queue.map((item) => (
          <Tile key={item.id} item={item} onRetry={uploads.retry} onRemove={uploads.remove} />
        ))}
        {uploads.remaining > 0 ? (
          <li className={styles.tile}>
            <label className={styles.add} htmlFor={inputId}>
              <PlusIcon />
              {text.addImage}
            </label>
            <input
              id={inputId}
              className={styles.fileInput}
              type="file"
              accept="image/*"
              multiple
              data-testid="evidence-input"
              onChange={(event) => {
                const input = event.currentTarget;
                if (input.files) uploads.add(Array.from(input.files));
                // The same file can be picked again after a remove.
                input.value = '';
              }}
            />
          </li>
        ) : null}
      </ul>
      <ul className={styles.errors} aria-live="polite" data-testid="evidence-errors">
        {failures.map((item) => (
          <li key={item.id}>
            {item.name}：{item.error}
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{text.imagesHint(max)}</p>
    </section>
  );
}

function Tile({
  item,
  onRetry,
  onRemove,
}: {
  item: QueuedUpload;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const busy = item.status === 'checking' || item.status === 'uploading';
  return (
    <li
      className={`${styles.tile} ${item.status === 'error' ? styles.tileError : ''}`}
      data-testid="evidence-tile"
      data-status={item.status}
    >
      <img
        className={styles.thumb}
        src={item.previewUrl}
        alt={item.name}
        // A file that is no image (strict mode refuses it) has no thumbnail: no broken-image icon.
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
      {busy ? (
        <div className={styles.shade}>
          <span className={styles.percent}>
            {item.status === 'checking' ? text.checking : `${item.percent}%`}
          </span>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={text.uploadProgress(item.name)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
            data-testid="upload-progress"
          >
            <div className={styles.progressFill} style={{ width: `${item.percent}%` }} />
          </div>
        </div>
      ) : null}
      {item.status === 'error' ? (
        <>
          <span className={styles.failedLabel}>{text.uploadFailed}</span>
          <button
            type="button"
            className={styles.retry}
            onClick={() => onRetry(item.id)}
            data-testid="upload-retry"
          >
            <span className={styles.retryPill}>{text.retryImage}</span>
          </button>
        </>
      ) : null}
      <button
        type="button"
        className={styles.remove}
        aria-label={text.removeImage(item.name)}
        onClick={() => onRemove(item.id)}
        data-testid="upload-remove"
      >
        <span className={styles.removeDot} aria-hidden="true">
          ×
        </span>
      </button>
    </li>
  );
}

function PlusIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
