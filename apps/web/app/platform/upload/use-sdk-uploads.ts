import { REQUEST_MESSAGES } from '@h5/core';
import { useCallback, useEffect, useRef } from 'react';
import { useRootData } from '../../lib/root-data';
import { useApi } from '../../lib/use-api';
import { loadUploader } from './load-uploader';
import type { QueueAction } from './queue-state';
import { h5UploadConfig } from './upload-config';

interface LocalFile {
  file: File;
  previewUrl: string;
  /** Aborts the upload in flight (remove, retry, unmount). */
  controller: AbortController | null;
}

/** What a list of uploads does with its files; the list's own reducer keeps the states. */
export interface SdkUploads {
  /** Queues and starts files, up to the free slots; returns how many were taken. */
  add: (files: Iterable<File>) => number;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

let sequence = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * The upload SDK's glue that every list of uploads shares (the forms' queue, the publisher's
 * pictures): each picked file uploads at once under `folder`, its progress, result (key, CDN URL,
 * stored pixel size) or the SDK's message dispatched as queue actions; retry, remove, and abort
 * with object URLs revoked on unmount. `used` is how many items the list holds now (at most `max`).
 */
export function useSdkUploads(
  max: number,
  folder: string | undefined,
  used: number,
  dispatch: (action: QueueAction) => void,
): SdkUploads {
  const api = useApi();
  const root = useRootData();
  const appEnv = root?.runtime.appEnv ?? 'local';
  const userId = root?.viewer?.userId ?? null;
  const files = useRef(new Map<string, LocalFile>());
  // Two adds before a render both see the items the first one took.
  const count = useRef(used);
  count.current = used;

  const start = useCallback(
    (id: string) => {
      const local = files.current.get(id);
      if (!local) return;
      local.controller?.abort();
      const controller = new AbortController();
      local.controller = controller;
      const stillWanted = () => files.current.get(id) === local && !controller.signal.aborted;
      loadUploader(api, h5UploadConfig(appEnv, userId), root?.runtime).then(
        ({ uploader, messageOf }) =>
          uploader
            .upload(local.file, {
              signal: controller.signal,
              ...(folder ? { folder } : {}),
              onProgress: ({ percent }) => {
                if (stillWanted()) dispatch({ type: 'progress', id, percent });
              },
            })
            .then(
              ({ fileKey, cdn, object }) => {
                if (stillWanted())
                  dispatch({
                    type: 'done',
                    id,
                    key: fileKey,
                    cdn,
                    width: object.width ?? 0,
                    height: object.height ?? 0,
                  });
              },
              (error: unknown) => {
                if (stillWanted()) dispatch({ type: 'fail', id, error: messageOf(error) });
              },
            ),
        (error: unknown) => {
          // The SDK's chunk did not load (offline, a new deploy): the spec's fallback text.
          console.error('upload SDK failed to load', error);
          if (stillWanted()) dispatch({ type: 'fail', id, error: REQUEST_MESSAGES.loadFailed });
        },
      );
    },
    [api, appEnv, userId, folder, root?.runtime, dispatch],
  );

  const add = useCallback(
    (picked: Iterable<File>) => {
      const free = Math.max(0, max - count.current);
      const items = [...picked].slice(0, free).map((file) => {
        const id = nextId();
        const previewUrl = URL.createObjectURL(file);
        files.current.set(id, { file, previewUrl, controller: null });
        return { id, name: file.name, previewUrl };
      });
      count.current += items.length;
      if (items.length > 0) dispatch({ type: 'add', items });
      for (const item of items) start(item.id);
      return items.length;
    },
    [max, start, dispatch],
  );

  const retry = useCallback(
    (id: string) => {
      dispatch({ type: 'retry', id });
      start(id);
    },
    [start, dispatch],
  );

  const remove = useCallback(
    (id: string) => {
      const local = files.current.get(id);
      files.current.delete(id);
      local?.controller?.abort();
      if (local) URL.revokeObjectURL(local.previewUrl);
      dispatch({ type: 'remove', id });
    },
    [dispatch],
  );

  useEffect(() => {
    const current = files.current;
    return () => {
      for (const local of current.values()) {
        local.controller?.abort();
        URL.revokeObjectURL(local.previewUrl);
      }
      current.clear();
    };
  }, []);

  return { add, retry, remove };
}
