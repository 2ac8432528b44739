import { TELEMETRY_MESSAGES } from '@h5/core';
import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { createLazyApi } from '../lib/api-client';
import type { MissingSaid } from '../lib/not-found';
import type { RootData } from '../lib/root-data';
import { reportTelemetry } from '../lib/telemetry';
import { ErrorPage } from './ErrorPage';
import { NotFoundScreen } from './NotFoundScreen';
import { isNetworkFailure } from './network-failure';
import { PlaceholderBlock } from './PlaceholderBlock';
import { loadNetworkFailure } from './warm-routes';

// With the page header's chunk: lazily, so the list of its files is not in the shell's chunk
// (first-load JS); fetched ahead with the route modules (warm-routes.ts), so it shows offline.
const NetworkFailure = lazy(() => loadNetworkFailure().then((m) => ({ default: m.NetworkFailure })));

const NOT_FOUND = 404;

/** A loader's `notFound(said)` (lib/not-found.ts), as it arrives: checked, for it crossed the wire. */
function missingSaid(value: unknown): MissingSaid | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { what, title } = value as Record<string, unknown>;
  return typeof what === 'string' && typeof title === 'string' ? { what, title } : undefined;
}
let renderErrorReported = false;

/**
 * Spec §8 page errors: a render failure shows the error page and reports '渲染错误' once per
 * page load. An unknown URL is not a render failure: it gets an empty state and a way home. Nor
 * is a navigation whose data or code did not arrive: the network-error placeholder in place, with
 * a retry (issue 14 point 2).
 */
export function RootErrorBoundary({ error, root }: { error: unknown; root: RootData | undefined }) {
  const notFound = isRouteErrorResponse(error) && error.status === NOT_FOUND;
  const network = !notFound && isNetworkFailure(error);

  useEffect(() => {
    if (notFound || network || renderErrorReported) return;
    renderErrorReported = true;
    console.error(error);
    if (!root) return; // without the runtime config there is no signed channel to report on
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    void reportTelemetry(createLazyApi(root.runtime), {
      kind: 'render-error',
      message: TELEMETRY_MESSAGES.renderError,
      detail,
    });
  }, [error, notFound, network, root]);

  if (network)
    return (
      <Suspense fallback={null}>
        <NetworkFailure error={error} />
      </Suspense>
    );
  if (!notFound) return <ErrorPage />;
  // What is missing, when the loader said (a deleted content: 内容不存在或已被删除 under 内容详情).
  const said = isRouteErrorResponse(error) ? missingSaid(error.data) : undefined;
  return (
    <NotFoundScreen title={said?.title}>
      <PlaceholderBlock type="empty" text={said?.what} home />
    </NotFoundScreen>
  );
}
