import { useId } from 'react';
import { PUBLISH_TEXT as text } from '../../lib/ui-text/publish';
import shell from '../../shell/screen.module.css';
import { AddImages, addTileClass, UploadFailures, UploadTile } from '../../shell/upload/UploadTile';
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
          <li className={styles.addItem}>
            <div className={addTileClass}>
              <AddImages
                id={inputId}
                label={text.addPicture}
                testId="publish-picture-input"
                onAdd={uploads.add}
              />
            </div>
          </li>
        ) : null}
      </ol>
      <UploadFailures items={items} />
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
  return (
    <li
      className={styles.pictureItem}
      data-testid="publish-picture"
      data-status={item.status}
      data-cover={isCover}
    >
      <UploadTile
        as="div"
        item={item}
        text={{
          alt: text.pictureAlt(n),
          checking: text.checking,
          progress: text.uploadProgress(n),
          retry: text.retryPicture,
          remove: text.removePicture(n),
        }}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
        testIds={{ progress: 'publish-picture-progress', remove: 'publish-picture-remove' }}
      >
        {isCover ? <span className={styles.coverMark}>{text.cover}</span> : null}
      </UploadTile>
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
