import { TELEMETRY_MESSAGES } from '@h5/core';
import { useEffect } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { createLazyApi } from '../lib/api-client';
import type { RootData } from '../lib/root-data';
import { reportTelemetry } from '../lib/telemetry';
import { ErrorPage } from './ErrorPage';
import { NotFound } from './NotFound';

const NOT_FOUND = 404;
let renderErrorReported = false;

/**
 * Spec §8 page errors: a render failure shows the error page and reports '渲染错误' once per
 * page load. An unknown URL is not a render failure: it gets an empty state and a way home.
 */
export function RootErrorBoundary({ error, root }: { error: unknown; root: RootData | undefined }) {
  const notFound = isRouteErrorResponse(error) && error.status === NOT_FOUND;

  useEffect(() => {
    if (notFound || renderErrorReported) return;
    renderErrorReported = true;
    console.error(error);
    if (!root) return; // without the runtime config there is no signed channel to report on
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    void reportTelemetry(createLazyApi(root.runtime), {
      kind: 'render-error',
      message: TELEMETRY_MESSAGES.renderError,
      detail,
    });
  }, [error, notFound, root]);

  if (!notFound) return <ErrorPage />;
  return <NotFound />;
}
