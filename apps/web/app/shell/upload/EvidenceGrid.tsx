import { useId } from 'react';
import { FEEDBACK_TEXT as text } from '../../lib/ui-text/feedback';
import type { UploadQueue } from '../../platform/upload/use-upload-queue';
import form from '../screen.module.css';
import styles from './EvidenceGrid.module.css';
import { AddImages, addTileClass, UploadFailures, UploadTile } from './UploadTile';

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
          <UploadTile
            key={item.id}
            item={item}
            text={{
              alt: item.name,
              checking: text.checking,
              progress: text.uploadProgress(item.name),
              retry: text.retryImage,
              remove: text.removeImage(item.name),
              failed: text.uploadFailed,
            }}
            onRetry={uploads.retry}
            onRemove={uploads.remove}
            testIds={{
              tile: 'evidence-tile',
              progress: 'upload-progress',
              retry: 'upload-retry',
              remove: 'upload-remove',
            }}
          />
        ))}
        {uploads.remaining > 0 ? (
          <li className={addTileClass}>
            <AddImages id={inputId} label={text.addImage} testId="evidence-input" onAdd={uploads.add} />
          </li>
        ) : null}
      </ul>
      <UploadFailures items={uploads.queue} testId="evidence-errors" />
      <p className={styles.hint}>{text.imagesHint(max)}</p>
    </section>
  );
}
