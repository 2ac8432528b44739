import type { Page } from '@h5/contract';
import { useState } from 'react';
import type { EntryName, InputOf, OutputOf } from '../../../lib/data-layer/entry';
import { useEntry } from '../../../lib/data-layer/use-entry';

type PagedName = {
  [N in EntryName]: OutputOf<N> extends Page<unknown> ? N : never;
}[EntryName];

/**
 * A keyset-paged backstage list with 上一页 / 下一页: the cursors of the pages before are kept, so
 * going back shows the same rows. New filters start again at the first page.
 */
export function usePages<N extends PagedName>(name: N, filters: Omit<InputOf<N>, 'lastId'>) {
  const [cursors, setCursors] = useState<{ filters: string; stack: string[] }>({ filters: '', stack: [] });
  const filterKey = JSON.stringify(filters);
  const stack = cursors.filters === filterKey ? cursors.stack : [];
  const lastId = stack.at(-1);
  const input = { ...filters, ...(lastId ? { lastId } : {}) } as InputOf<N>;
  const [state, reload] = useEntry(name, input, null);
  const page = state.status === 'ready' ? (state.data as Page<unknown>) : null;
  return {
    state,
    reload,
    pageNumber: stack.length + 1,
    next:
      page?.hasMore && page.lastId
        ? () => setCursors({ filters: filterKey, stack: [...stack, page.lastId as string] })
        : null,
    previous: stack.length > 0 ? () => setCursors({ filters: filterKey, stack: stack.slice(0, -1) }) : null,
  };
}
