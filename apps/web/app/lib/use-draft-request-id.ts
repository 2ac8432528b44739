import { createUuid } from '@h5/core';
import { useCallback, useRef } from 'react';

export interface DraftRequestId {
  /** The requestId of this draft: the same while the draft is unchanged (a retry, a double tap). */
  idFor: (draft: string) => string;
  /** The draft was stored: the next one gets a new id. */
  sent: () => void;
}

/** One requestId per draft of a write (a comment): a repeat of the same draft is one record. */
export function useDraftRequestId(): DraftRequestId {
  const current = useRef<{ draft: string; requestId: string } | null>(null);
  const idFor = useCallback((draft: string) => {
    if (current.current?.draft !== draft) current.current = { draft, requestId: createUuid() };
    return current.current.requestId;
  }, []);
  const sent = useCallback(() => {
    current.current = null;
  }, []);
  return { idFor, sent };
}
