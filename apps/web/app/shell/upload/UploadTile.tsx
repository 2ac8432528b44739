import type { ReactNode } from 'react';
import type { QueuedUpload } from '../../platform/upload/queue-state';
import styles from './UploadTile.module.css';

/** What a tile says about its upload: the labels differ by form, the states do not. */
export interface UploadTileText {
  alt: string;
  checking: string;
  progress: string;
  retry: string;
  remove: string;
  /** Shown on a failed tile above the retry pill (the forms); none for the publisher's pictures. */
  failed?: string;
}

/**
 * One upload's tile (every upload grid: the forms' evidence, the publisher's pictures): the
 * thumbnail, the progress while checked and uploaded, retry after a failure, remove; `children`
 * lie over the picture (the cover mark).
 */
export function UploadTile({
  item,
  as: Tag = 'li',
  text,
  onRetry,
  onRemove,
  testIds,
  children,
}: {
  item: QueuedUpload;
  as?: 'li' | 'div';
  text: UploadTileText;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  testIds: { tile?: string; progress: string; retry?: string; remove: string };
  children?: ReactNode;
}) {
  const busy = item.status === 'checking' || item.status === 'uploading';
  return (
    <Tag
      className={`${styles.tile} ${item.status === 'error' ? styles.tileError : ''}`}
      data-testid={testIds.tile}
      data-status={testIds.tile ? item.status : undefined}
    >
      <img
        className={styles.thumb}
        src={item.previewUrl}
        alt={text.alt}
        // A file that is no image (strict mode refuses it) has no thumbnail: no broken-image icon.
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
      {children}
      {busy ? (
        <div className={styles.shade}>
          <span className={styles.percent}>
            {item.status === 'checking' ? text.checking : `${item.percent}%`}
          </span>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={text.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
            data-testid={testIds.progress}
          >
            <div className={styles.progressFill} style={{ width: `${item.percent}%` }} />
          </div>
        </div>
      ) : null}
      {item.status === 'error' ? (
        <>
          {text.failed ? <span className={styles.failedLabel}>{text.failed}</span> : null}
          <button
            type="button"
            className={styles.retry}
            onClick={() => onRetry(item.id)}
            data-testid={testIds.retry}
          >
            <span className={styles.retryPill}>{text.retry}</span>
          </button>
        </>
      ) : null}
      <button
        type="button"
        className={styles.remove}
        aria-label={text.remove}
        onClick={() => onRemove(item.id)}
        data-testid={testIds.remove}
      >
        <span className={styles.removeDot} aria-hidden="true">
          ×
        </span>
      </button>
    </Tag>
  );
}

/** The add tile's content: a labelled file input for images (several at once), cleared after each pick. */
export function AddImages({
  id,
  label,
  testId,
  onAdd,
}: {
  id: string;
  label: string;
  testId: string;
  onAdd: (files: File[]) => void;
}) {
  return (
    <>
      <label className={styles.add} htmlFor={id}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {label}
      </label>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        multiple
        data-testid={testId}
        onChange={(event) => {
          const input = event.currentTarget;
          if (input.files) onAdd(Array.from(input.files));
          // The same file can be picked again after a remove.
          input.value = '';
        }}
      />
    </>
  );
}

/** The failed uploads by name with the SDK's message, read out as they happen. */
export function UploadFailures({ items, testId }: { items: readonly QueuedUpload[]; testId?: string }) {
  return (
    <ul className={styles.errors} aria-live="polite" data-testid={testId}>
      {items
        .filter((item) => item.status === 'error')
        .map((item) => (
          <li key={item.id}>
            {item.name}：{item.error}
          </li>
        ))}
    </ul>
  );
}

/** The tile class an add tile's wrapper takes (the same box as a picture's). */
export const addTileClass = styles.tile;
