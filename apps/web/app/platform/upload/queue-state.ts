/** Where one file of an upload queue stands. */
export type UploadStatus = 'checking' | 'uploading' | 'done' | 'error';

export interface QueuedUpload {
  id: string;
  /** The file's name, for labels. */
  name: string;
  /** An object URL of the local file, for the thumbnail. */
  previewUrl: string;
  status: UploadStatus;
  /** 0–100 while uploading; 100 when done. */
  percent: number;
  /** The SDK's message of the last failure. */
  error: string | null;
  /** The stored object's key and CDN URL once done. */
  key: string | null;
  cdn: string | null;
  /** The stored image's pixel size once done (0 until then, or when the store did not measure it). */
  width: number;
  height: number;
}

export type QueueAction =
  | { type: 'add'; items: Array<Pick<QueuedUpload, 'id' | 'name' | 'previewUrl'>> }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'done'; id: string; key: string; cdn: string; width?: number; height?: number }
  | { type: 'fail'; id: string; error: string }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string };

const clampPercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

/** The queue's transitions: checking → uploading (n %) → done | error; retry goes back to checking. */
export function queueReducer(queue: QueuedUpload[], action: QueueAction): QueuedUpload[] {
  const update = (id: string, change: (item: QueuedUpload) => QueuedUpload) =>
    queue.map((item) => (item.id === id ? change(item) : item));
  switch (action.type) {
    case 'add':
      return [
        ...queue,
        ...action.items.map(
          (item): QueuedUpload => ({
            ...item,
            status: 'checking',
            percent: 0,
            error: null,
            key: null,
            cdn: null,
            width: 0,
            height: 0,
          }),
        ),
      ];
    case 'progress':
      // A late progress event never drags a finished or failed file back to uploading.
      return update(action.id, (item) =>
        item.status === 'checking' || item.status === 'uploading'
          ? { ...item, status: 'uploading', percent: Math.max(item.percent, clampPercent(action.percent)) }
          : item,
      );
    case 'done':
      return update(action.id, (item) => ({
        ...item,
        status: 'done',
        percent: 100,
        key: action.key,
        cdn: action.cdn,
        width: action.width ?? 0,
        height: action.height ?? 0,
      }));
    case 'fail':
      return update(action.id, (item) => ({ ...item, status: 'error', error: action.error }));
    case 'retry':
      return update(action.id, (item) => ({ ...item, status: 'checking', percent: 0, error: null }));
    case 'remove':
      return queue.filter((item) => item.id !== action.id);
  }
}

/** True while a file is still being checked or uploaded (the form waits for it). */
export const isPending = (queue: QueuedUpload[]): boolean =>
  queue.some((item) => item.status === 'checking' || item.status === 'uploading');

/** The keys of the finished uploads, in the order the user added them. */
export const doneKeys = (queue: QueuedUpload[]): string[] =>
  queue.flatMap((item) => (item.status === 'done' && item.key ? [item.key] : []));
