import { type QueueAction, type QueuedUpload, queueReducer } from '../../platform/upload/queue-state';

/** One picture of a post: an upload of the queue (once stored, its URL and pixel size). */
export type PublishPicture = QueuedUpload;

/** The pictures in the order the post shows them, and which one is the cover. */
export interface PictureList {
  items: PublishPicture[];
  /** The chosen cover; null (or a removed picture) means the first. */
  coverId: string | null;
}

/** A stored picture of a draft: only uploaded pictures survive a reload (the key publishes, the URL shows). */
export interface StoredPicture {
  key: string;
  url: string;
  width: number;
  height: number;
}

export type PictureAction =
  | QueueAction
  | { type: 'restore'; pictures: StoredPicture[]; coverIndex: number }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'cover'; id: string };

export const EMPTY_PICTURES: PictureList = { items: [], coverId: null };

const restoredId = (index: number) => `stored-${index}`;

/** The list's transitions: the upload states of queue-state, plus restore, move and cover. */
export function pictureReducer(list: PictureList, action: PictureAction): PictureList {
  switch (action.type) {
    case 'restore': {
      const items = action.pictures.map(
        (picture, index): PublishPicture => ({
          id: restoredId(index),
          name: picture.url.split('/').pop() ?? picture.url,
          previewUrl: picture.url,
          status: 'done',
          percent: 100,
          error: null,
          key: picture.key,
          cdn: picture.url,
          width: picture.width,
          height: picture.height,
        }),
      );
      const cover = items[action.coverIndex];
      return { items, coverId: cover && action.coverIndex > 0 ? cover.id : null };
    }
    case 'move': {
      const from = list.items.findIndex((item) => item.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= list.items.length) return list;
      const items = [...list.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved as PublishPicture);
      return { ...list, items };
    }
    case 'cover':
      return list.items.some((item) => item.id === action.id) ? { ...list, coverId: action.id } : list;
    default: {
      const items = queueReducer(list.items, action);
      const coverGone = list.coverId !== null && !items.some((item) => item.id === list.coverId);
      return { items, coverId: coverGone ? null : list.coverId };
    }
  }
}

/** The cover's id: the chosen one, else the first picture (null with none). */
export function coverIdOf(list: PictureList): string | null {
  if (list.coverId && list.items.some((item) => item.id === list.coverId)) return list.coverId;
  return list.items[0]?.id ?? null;
}

/** How many more pictures may be added under `max`. */
export const freeSlots = (list: PictureList, max: number): number => Math.max(0, max - list.items.length);

/** The uploaded pictures in order, and the cover's index among them (0 when the cover is not uploaded yet). */
export function uploadedPictures(list: PictureList): { pictures: StoredPicture[]; coverIndex: number } {
  const done = list.items.filter((item) => item.status === 'done' && item.cdn && item.key);
  const coverIndex = Math.max(
    0,
    done.findIndex((item) => item.id === coverIdOf(list)),
  );
  return {
    pictures: done.map((item) => ({
      key: item.key as string,
      url: item.cdn as string,
      width: item.width,
      height: item.height,
    })),
    coverIndex,
  };
}
