import { useReducer } from 'react';
import { doneKeys, isPending, type QueuedUpload, queueReducer } from './queue-state';
import { type SdkUploads, useSdkUploads } from './use-sdk-uploads';

export interface UploadQueue extends SdkUploads {
  queue: QueuedUpload[];
  /** A file is still being checked or uploaded. */
  pending: boolean;
  /** Keys of the finished uploads, in the order added. */
  keys: string[];
  /** Free slots. */
  remaining: number;
}

/**
 * Uploads images through the SDK as soon as they are picked, one state per file (checking →
 * uploading n % → done | error with the SDK's message), with retry and remove; at most `max` files,
 * stored under `folder` of the app's folder when given.
 */
export function useUploadQueue(max: number, folder?: string): UploadQueue {
  const [queue, dispatch] = useReducer(queueReducer, []);
  const uploads = useSdkUploads(max, folder, queue.length, dispatch);
  return {
    ...uploads,
    queue,
    pending: isPending(queue),
    keys: doneKeys(queue),
    remaining: Math.max(0, max - queue.length),
  };
}
