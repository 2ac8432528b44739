import { REQUEST_MESSAGES } from '@h5/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useRootData } from '../../lib/root-data';
import { useApi } from '../../lib/use-api';
import { loadUploader } from '../../platform/upload/load-uploader';
import { h5UploadConfig, PUBLISH_FOLDER } from '../../platform/upload/upload-config';
import {
  EMPTY_PICTURES,
  freeSlots,
  type PictureList,
  pictureReducer,
  type StoredPicture,
  uploading,
} from './picture-list';

interface LocalFile {
  file: File;
  previewUrl: string;
  controller: AbortController | null;
}

export interface PictureUploads {
  list: PictureList;
  /** Queues and starts files, up to the free slots; returns how many were taken. */
  add: (files: Iterable<File>) => number;
  retry: (id: string) => void;
  remove: (id: string) => void;
  move: (id: string, by: -1 | 1) => void;
  setCover: (id: string) => void;
  /** Shows a draft's uploaded pictures again. */
  restore: (pictures: StoredPicture[], coverIndex: number) => void;
  pending: boolean;
  remaining: number;
}

let sequence = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * The publisher's pictures: each picked file uploads at once through the SDK (the same glue as
 * use-upload-queue, plus the stored pixel size the post needs), in an order the author can change,
 * with a cover; at most `max`.
 */
export function usePictureUploads(max: number): PictureUploads {
  const api = useApi();
  const root = useRootData();
  const appEnv = root?.runtime.appEnv ?? 'local';
  const userId = root?.viewer?.userId ?? null;
  const [list, dispatch] = useReducer(pictureReducer, EMPTY_PICTURES);
  const files = useRef(new Map<string, LocalFile>());
  const count = useRef(0);
  count.current = list.items.length;

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
              folder: PUBLISH_FOLDER,
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
          console.error('upload SDK failed to load', error);
          if (stillWanted()) dispatch({ type: 'fail', id, error: REQUEST_MESSAGES.loadFailed });
        },
      );
    },
    [api, appEnv, userId, root?.runtime],
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

  const move = useCallback((id: string, by: -1 | 1) => dispatch({ type: 'move', id, by }), []);
  const setCover = useCallback((id: string) => dispatch({ type: 'cover', id }), []);
  const restore = useCallback(
    (pictures: StoredPicture[], coverIndex: number) => dispatch({ type: 'restore', pictures, coverIndex }),
    [],
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

  return {
    list,
    add,
    retry,
    remove,
    move,
    setCover,
    restore,
    pending: uploading(list),
    remaining: freeSlots(list, max),
  };
}
