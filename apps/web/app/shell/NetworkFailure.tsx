import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { failedPageTitle } from './failed-page-title';
import layout from './list-page.module.css';
import { isChunkFailure } from './network-failure';
import { PageHeader } from './PageHeader';
import { PlaceholderBlock } from './PlaceholderBlock';

/**
 * A navigation whose data or code did not arrive (issue 14 point 2): the page header (back works)
 * with the page's own title (issue 28 point 7: 内容详情 for a content, `failedPageTitle`) and the
 * network-error placeholder where the page would be. Its retry, and the browser's
 * `online` event, load the page again in place: the route data by navigating to the same URL (its
 * loaders run again; `useNavigate` is in first-load JS already, `useRevalidator` is not); a lazy chunk,
 * which React keeps as failed, by a new document (only once the network is back).
 */
export function NetworkFailure({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const retry = useCallback(() => {
    if (!isChunkFailure(error)) void navigate(`${pathname}${search}${hash}`, { replace: true });
    else if (navigator.onLine) window.location.reload();
  }, [error, navigate, pathname, search, hash]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return (
    <div className={layout.screen} data-testid="network-failure">
      <PageHeader title={failedPageTitle(pathname)} fallback="/" backTestId="back-link" />
      <main className={layout.main}>
        <PlaceholderBlock type="networkError" onRetry={retry} />
      </main>
    </div>
  );
}
