import type { ReactNode } from 'react';
import { invalidate } from '../lib/data-layer/cache';
import type { DomainName, EntryName } from '../lib/data-layer/entry';
import type { EntryState } from '../lib/data-layer/use-entry';
import { EntryView, type EntryViewProps } from './EntryView';
import { Screen, type ScreenProps } from './Screen';

export type EntryScreenProps<T> = Omit<ScreenProps, 'onRefresh' | 'refreshing' | 'children'> &
  Omit<EntryViewProps<T>, 'state' | 'onRetry'> & {
    /** What `useEntry` answered: the entry's state and its reload. */
    entry: readonly [EntryState<T>, () => void];
    /** What a pull invalidates (the entry, or its whole domain when the screen shows more of it). */
    refresh?: EntryName | DomainName;
    /** Above the entry, shown in every state: the filters or the week it is of. */
    head?: ReactNode;
    children: (data: T) => ReactNode;
  };

/**
 * A screen that shows one entry (issue 27 point 3): the Screen scaffold, pull-to-refresh
 * invalidating `refresh`, and the entry's four states through EntryView.
 */
export function EntryScreen<T>({
  entry: [state, reload],
  refresh,
  head,
  skeleton,
  skeletonTestId,
  missing,
  refusal,
  children,
  ...screen
}: EntryScreenProps<T>) {
  return (
    <Screen
      {...screen}
      onRefresh={refresh ? () => invalidate(refresh) : undefined}
      refreshing={state.status === 'loading'}
    >
      {head}
      <EntryView
        state={state}
        onRetry={reload}
        skeleton={skeleton}
        skeletonTestId={skeletonTestId}
        missing={missing}
        refusal={refusal}
      >
        {children}
      </EntryView>
    </Screen>
  );
}
