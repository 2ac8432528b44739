import { useId } from 'react';
import { PUBLISH_TEXT as text } from '../../lib/ui-text/publish';
import shell from '../../shell/screen.module.css';
import { coverIdOf, type PublishPicture } from './picture-list';
import styles from './publish.module.css';
import type { PictureUploads } from './use-picture-uploads';

/**
 * The post's pictures: a tile per picture (thumbnail, progress, cover mark) with its own row of
 * buttons (move earlier / later, set as cover, remove; retry after a failure), then the add tile.
 */
export function PictureGrid({ uploads, max }: { uploads: PictureUploads; max: number }) {
  const inputId = useId();
  const { items } = uploads.list;
  const coverId = coverIdOf(uploads.list);
  const failures = items.filter((item) => item.status === 'error');
  return (
    <section className={shell.card} aria-labelledby={`${inputId}-title`} data-testid="publish-pictures">
      <div className={shell.sectionHead}>
        <h2 className={shell.sectionTitle} id={`${inputId}-title`}>
          {text.picturesTitle}
        </h2>
        <span className={shell.note} data-testid="publish-picture-count">
          {text.picturesCount(items.length, max)}
        </span>
      </div>
      <ol className={styles.pictures}>
        {items.map((item, index) => (
          <PictureTile
            key={item.id}
            item={item}
            index={index}
            last={index === items.length - 1}
            isCover={item.id === coverId}
            uploads={uploads}
          />
        ))}
        {uploads.remaining > 0 ? (
          <li className={styles.addTile}>
            <label className={styles.add} htmlFor={inputId}>
              <PlusIcon />
              {text.addPicture}
            </label>
            <input
              id={inputId}
              className={styles.fileInput}
              type="file"
              accept="image/*"
              multiple
              data-testid="publish-picture-input"
              onChange={(event) => {
                const input = event.currentTarget;
                if (input.files) uploads.add(Array.from(input.files));
                // The same file can be picked again after a remove.
                input.value = '';
              }}
            />
          </li>
        ) : null}
      </ol>
      <ul className={styles.errors} aria-live="polite">
        {failures.map((item) => (
          <li key={item.id}>
            {item.name}：{item.error}
          </li>
        ))}
      </ul>
      <p className={shell.note}>{text.picturesHint(max)}</p>
    </section>
  );
}

function PictureTile({
  item,
  index,
  last,
  isCover,
  uploads,
}: {
  item: PublishPicture;
  index: number;
  last: boolean;
  isCover: boolean;
  uploads: PictureUploads;
}) {
  const n = index + 1;
  const busy = item.status === 'checking' || item.status === 'uploading';
  return (
    <li
      className={styles.pictureItem}
      data-testid="publish-picture"
      data-status={item.status}
      data-cover={isCover}
    >
      <div className={`${styles.tile} ${item.status === 'error' ? styles.tileError : ''}`}>
        <img
          className={styles.thumb}
          src={item.previewUrl}
          alt={text.pictureAlt(n)}
          onError={(event) => {
            event.currentTarget.style.visibility = 'hidden';
          }}
        />
        {isCover ? <span className={styles.coverMark}>{text.cover}</span> : null}
        {busy ? (
          <div className={styles.shade}>
            <span>{item.status === 'checking' ? text.checking : `${item.percent}%`}</span>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label={text.uploadProgress(n)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.percent}
              data-testid="publish-picture-progress"
            >
              <div className={styles.progressFill} style={{ width: `${item.percent}%` }} />
            </div>
          </div>
        ) : null}
        {item.status === 'error' ? (
          <button type="button" className={styles.retry} onClick={() => uploads.retry(item.id)}>
            <span className={styles.retryPill}>{text.retryPicture}</span>
          </button>
        ) : null}
        <button
          type="button"
          className={styles.remove}
          aria-label={text.removePicture(n)}
          onClick={() => uploads.remove(item.id)}
          data-testid="publish-picture-remove"
        >
          <span className={styles.removeDot} aria-hidden="true">
            ×
          </span>
        </button>
      </div>
      <div className={styles.tileTools}>
        <button
          type="button"
          className={styles.tool}
          aria-label={text.moveEarlier(n)}
          disabled={index === 0}
          onClick={() => uploads.move(item.id, -1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={text.setCover(n)}
          aria-pressed={isCover}
          onClick={() => uploads.setCover(item.id)}
          data-testid="publish-picture-cover"
        >
          <span aria-hidden="true">{isCover ? text.cover : text.makeCover}</span>
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={text.moveLater(n)}
          disabled={last}
          onClick={() => uploads.move(item.id, 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
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
