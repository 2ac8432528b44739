import { REQUEST_MESSAGES } from '@h5/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useRootData } from '../../lib/root-data';
import { useApi } from '../../lib/use-api';
import { loadUploader } from './load-uploader';
import { doneKeys, isPending, type QueuedUpload, queueReducer } from './queue-state';
import { h5UploadConfig } from './upload-config';

interface LocalFile {
  file: File;
  previewUrl: string;
  /** Aborts the upload in flight (remove, unmount). */
  controller: AbortController | null;
}

export interface UploadQueue {
  queue: QueuedUpload[];
  /** Queues and starts files, up to the free slots; returns how many were taken. */
  add: (files: Iterable<File>) => number;
  retry: (id: string) => void;
  remove: (id: string) => void;
  /** A file is still being checked or uploaded. */
  pending: boolean;
  /** Keys of the finished uploads, in the order added. */
  keys: string[];
  /** Free slots. */
  remaining: number;
}

let sequence = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * Uploads images through the SDK as soon as they are picked, one state per file (checking →
 * uploading n % → done | error with the SDK's message), with retry and remove; at most `max` files,
 * stored under `folder` of the app's folder when given.
 */
export function useUploadQueue(max: number, folder?: string): UploadQueue {
  const api = useApi();
  const root = useRootData();
  const appEnv = root?.runtime.appEnv ?? 'local';
  const userId = root?.viewer?.userId ?? null;
  const [queue, dispatch] = useReducer(queueReducer, []);
  const files = useRef(new Map<string, LocalFile>());

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
              (result) => {
                if (stillWanted()) dispatch({ type: 'done', id, key: result.fileKey, cdn: result.cdn });
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
    [api, appEnv, userId, folder, root?.runtime],
  );

  const add = useCallback(
    (picked: Iterable<File>) => {
      const free = Math.max(0, max - files.current.size);
      const taken = [...picked].slice(0, free);
      const items = taken.map((file) => {
        const id = nextId();
        const previewUrl = URL.createObjectURL(file);
        files.current.set(id, { file, previewUrl, controller: null });
        return { id, name: file.name, previewUrl };
      });
      if (items.length > 0) dispatch({ type: 'add', items });
      for (const item of items) start(item.id);
      return items.length;
    },
    [max, start],
  );

  const retry = useCallback(
    (id: string) => {
      dispatch({ type: 'retry', id });
      start(id);
    },
    [start],
  );

  const remove = useCallback((id: string) => {
    const local = files.current.get(id);
    files.current.delete(id);
    local?.controller?.abort();
    if (local) URL.revokeObjectURL(local.previewUrl);
    dispatch({ type: 'remove', id });
  }, []);

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

  return {
    queue,
    add,
    retry,
    remove,
    pending: isPending(queue),
    keys: doneKeys(queue),
    remaining: Math.max(0, max - queue.length),
  };
}
