import type { ContentDetail } from '@h5/contract';
import { NOT_FOUND } from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../lib/use-api';

/** What the screen shows: the content, still loading, missing, or a failed load. */
export type DetailState =
  | { status: 'ready'; detail: ContentDetail }
  | { status: 'loading' | 'missing' | 'failed' };

/** True when an API error is the not-found code. */
export const isNotFound = (error: unknown) => (error as { code?: unknown } | null)?.code === NOT_FOUND;

/**
 * The detail from the loader, or (after a prefetch time-out or error) fetched in the browser; the
 * client sends the contract's content-detail headers (spec §7 `version`), as the loader's call does.
 */
export function useContentDetail(contentId: number, initial: DetailState): [DetailState, () => void] {
  const api = useApi();
  const [state, setState] = useState<DetailState>(initial);
  useEffect(() => setState(initial), [initial]);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    api((c) => c.content.contentDetail, { contentId })
      .then((detail) => setState({ status: 'ready', detail }))
      .catch((error: unknown) => setState({ status: isNotFound(error) ? 'missing' : 'failed' }));
  }, [api, contentId]);

  useEffect(() => {
    if (initial.status === 'loading') load();
  }, [initial, load]);

  return [state, load];
}
