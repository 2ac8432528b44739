import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { PullIndicator } from './PullIndicator';
import styles from './screen.module.css';
import { usePullToRefresh } from './use-pull-to-refresh';

export interface ScreenProps {
  title: string;
  /** Where back goes on a fresh tab (no history). */
  fallback?: string;
  backTestId?: string;
  testId?: string;
  /** Pull-to-refresh: what a pull does (usually `invalidate` of what the screen shows). */
  onRefresh?: () => void;
  /** Pulling is off meanwhile (the first load). */
  refreshing?: boolean;
  /** Under the main: the screen's toast, a fixed bar. */
  after?: ReactNode;
  /** Data attributes of the screen (`data-view`). */
  data?: Readonly<Record<`data-${string}`, string | undefined>>;
  /** The main's own layout, for a list that pads itself (a waterfall of feed cards), not cards. */
  mainClassName?: string;
  children: ReactNode;
}

/**
 * The one screen scaffold (issue 27 point 3): the page header with back, pull-to-refresh when the
 * screen refreshes, white cards on the grey ground in the main (screen.module.css).
 */
export function Screen({
  title,
  fallback = '/',
  backTestId,
  testId,
  onRefresh,
  refreshing = false,
  after,
  data,
  mainClassName = styles.main,
  children,
}: ScreenProps) {
  const pull = usePullToRefresh(onRefresh ?? noop, onRefresh !== undefined && !refreshing);
  return (
    <div className={styles.screen} data-testid={testId} {...data}>
      <PageHeader title={title} fallback={fallback} backTestId={backTestId} />
      {onRefresh ? <PullIndicator offset={pull.offset} armed={pull.armed} refreshing={false} /> : null}
      <main className={mainClassName}>{children}</main>
      {after}
    </div>
  );
}

const noop = () => undefined;
