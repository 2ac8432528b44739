// Internal, outside production: upload any file through the SDK in a chosen mode and watch its
// progress and parts — for testers, and for the browser test of multipart resume after a reload.
import { optimiseImageUrl, REQUEST_MESSAGES } from '@h5/core';
import type { UploadOptions, UploadProgress } from '@h5/upload';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { UPLOAD_TEXT } from '../../lib/ui-text/upload';
import { useApi } from '../../lib/use-api';
import { loadUploader } from '../../platform/upload/load-uploader';
import { h5UploadConfig } from '../../platform/upload/upload-config';
import { Screen } from '../../shell/Screen';
import screen from '../../shell/screen.module.css';
import type { Route } from './+types/upload-console';
import styles from './upload-console.module.css';

export const meta: Route.MetaFunction = () => [
  { title: `${UPLOAD_TEXT.title} · ${SHELL_TEXT.siteTitle}` },
  { name: 'robots', content: 'noindex' },
];

type Mode = NonNullable<UploadOptions['mode']>;
const MODES: readonly Mode[] = ['auto', 'direct', 'multipart'];
/** The console's uploads go to their own folder of the H5 app. */
const CONSOLE_FOLDER = 'console';

interface Item {
  id: number;
  file: File;
  status: 'checking' | 'uploading' | 'done' | 'error';
  progress: UploadProgress | null;
  error: string | null;
  cdn: string | null;
  key: string | null;
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

function UploadItem({ item, onRetry }: { item: Item; onRetry: (id: number) => void }) {
  const percent = item.status === 'done' ? 100 : (item.progress?.percent ?? 0);
  const parts = item.progress?.partsTotal;
  const isImage = item.file.type.startsWith('image/');
  return (
    <li className={styles.item} data-testid="upload-item" data-status={item.status} data-key={item.key ?? ''}>
      <div className={styles.line}>
        <span className={screen.rowName}>{item.file.name}</span>
        <span className={styles.meta}>{UPLOAD_TEXT.size(megabytes(item.file.size))}</span>
      </div>
      <div
        className={screen.bar}
        role="progressbar"
        aria-label={UPLOAD_TEXT.progressLabel(item.file.name)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.line}>
        <span className={styles.status} aria-live="polite">
          {UPLOAD_TEXT.statuses[item.status]} · {percent}%
        </span>
        {parts ? (
          <span className={styles.meta} data-testid="upload-parts">
            {UPLOAD_TEXT.parts(item.progress?.partsDone ?? 0, parts)}
          </span>
        ) : null}
      </div>
      {item.error ? (
        <div className={styles.actions}>
          <p className={screen.error} role="alert">
            {item.error}
          </p>
          <button type="button" className={styles.retry} onClick={() => onRetry(item.id)}>
            {UPLOAD_TEXT.retry}
          </button>
        </div>
      ) : null}
      {item.cdn ? (
        <>
          <a className={styles.link} href={item.cdn} target="_blank" rel="noreferrer">
            {UPLOAD_TEXT.open}
          </a>
          {isImage ? (
            <img
              className={styles.preview}
              src={optimiseImageUrl(item.cdn, { width: 750 })}
              alt={UPLOAD_TEXT.previewAlt(item.file.name)}
            />
          ) : null}
        </>
      ) : null}
    </li>
  );
}

export default function UploadConsole() {
  const api = useApi();
  const root = useRootData();
  const viewer = root?.viewer ?? null;
  const appEnv = root?.runtime.appEnv ?? 'local';
  const [mode, setMode] = useState<Mode>('auto');
  const [items, setItems] = useState<Item[]>([]);
  const nextId = useRef(1);

  const patch = useCallback((id: number, change: Partial<Item>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (item: Item) => {
      patch(item.id, { status: 'checking', error: null, progress: null });
      // Any file type, not only pictures: the console is for testers.
      const config = { ...h5UploadConfig(appEnv, viewer?.userId ?? null), strictPictureApp: false };
      loadUploader(api, config, root?.runtime)
        .then(({ uploader, messageOf }) =>
          uploader
            .upload(item.file, {
              mode,
              folder: CONSOLE_FOLDER,
              onProgress: (progress) => patch(item.id, { status: 'uploading', progress }),
            })
            .then(
              (result) => patch(item.id, { status: 'done', cdn: result.cdn, key: result.fileKey }),
              (error: unknown) => patch(item.id, { status: 'error', error: messageOf(error) }),
            ),
        )
        .catch((error: unknown) => {
          // The SDK's chunk did not load (offline, a new deploy): the spec's fallback text.
          console.error('upload SDK failed to load', error);
          patch(item.id, { status: 'error', error: REQUEST_MESSAGES.loadFailed });
        });
    },
    [api, appEnv, viewer, mode, patch, root?.runtime],
  );

  const onPick = (event: React.ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])].map(
      (file): Item => ({
        id: nextId.current++,
        file,
        status: 'checking',
        progress: null,
        error: null,
        cdn: null,
        key: null,
      }),
    );
    event.target.value = '';
    setItems((list) => [...picked, ...list]);
    for (const item of picked) start(item);
  };

  const onRetry = (id: number) => {
    const item = items.find((candidate) => candidate.id === id);
    if (item) start(item);
  };

  return (
    <Screen title={UPLOAD_TEXT.title} testId="upload-console">
      <section className={screen.card}>
        <p className={styles.intro}>{UPLOAD_TEXT.intro}</p>
        {viewer ? (
          <>
            <fieldset className={styles.modes}>
              <legend>{UPLOAD_TEXT.modeLabel}</legend>
              {MODES.map((m) => (
                <label key={m} className={styles.chip}>
                  <input
                    type="radio"
                    name="mode"
                    value={m}
                    checked={mode === m}
                    onChange={() => setMode(m)}
                  />
                  {UPLOAD_TEXT.modes[m]}
                </label>
              ))}
            </fieldset>
            <label className={styles.pick}>
              {UPLOAD_TEXT.pick}
              <input type="file" multiple onChange={onPick} data-testid="upload-input" />
            </label>
          </>
        ) : (
          <Link
            className={styles.pick}
            to={`/login?redirect=${encodeURIComponent('/internal/upload')}`}
            data-testid="upload-login"
          >
            {UPLOAD_TEXT.loginFirst} · {UPLOAD_TEXT.login}
          </Link>
        )}
      </section>
      {items.length === 0 ? (
        <p className={styles.empty}>{UPLOAD_TEXT.empty}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((item) => (
            <UploadItem key={item.id} item={item} onRetry={onRetry} />
          ))}
        </ol>
      )}
    </Screen>
  );
}
