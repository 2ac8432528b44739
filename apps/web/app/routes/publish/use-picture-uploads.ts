import { useCallback, useReducer } from 'react';
import { isPending } from '../../platform/upload/queue-state';
import { PUBLISH_FOLDER } from '../../platform/upload/upload-config';
import { type SdkUploads, useSdkUploads } from '../../platform/upload/use-sdk-uploads';
import {
  EMPTY_PICTURES,
  freeSlots,
  type PictureList,
  pictureReducer,
  type StoredPicture,
} from './picture-list';

export interface PictureUploads extends SdkUploads {
  list: PictureList;
  move: (id: string, by: -1 | 1) => void;
  setCover: (id: string) => void;
  /** Shows a draft's uploaded pictures again. */
  restore: (pictures: StoredPicture[], coverIndex: number) => void;
  pending: boolean;
  remaining: number;
}

/**
 * The publisher's pictures: each picked file uploads at once through the SDK (the forms' shared
 * glue, use-sdk-uploads), in an order the author can change, with a cover; at most `max`.
 */
export function usePictureUploads(max: number): PictureUploads {
  const [list, dispatch] = useReducer(pictureReducer, EMPTY_PICTURES);
  const uploads = useSdkUploads(max, PUBLISH_FOLDER, list.items.length, dispatch);
  const move = useCallback((id: string, by: -1 | 1) => dispatch({ type: 'move', id, by }), []);
  const setCover = useCallback((id: string) => dispatch({ type: 'cover', id }), []);
  const restore = useCallback(
    (pictures: StoredPicture[], coverIndex: number) => dispatch({ type: 'restore', pictures, coverIndex }),
    [],
  );
  return {
    ...uploads,
    list,
    move,
    setCover,
    restore,
    pending: isPending(list.items),
    remaining: freeSlots(list, max),
  };
}
