import { data } from 'react-router';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import { NotFound } from '../shell/NotFound';
import type { Route } from './+types/not-found';

const HTTP_NOT_FOUND = 404;

/**
 * Every URL no other route takes: HTTP 404 and the not-found screen, as a route of its own (not
 * the root error boundary) so the server page links the screen's stylesheets and paints it styled
 * before any script has run (issue 14 point 2).
 */
export function loader() {
  return data(null, { status: HTTP_NOT_FOUND });
}

export const meta: Route.MetaFunction = () => [{ title: `${SHELL_TEXT.notFound} · ${SHELL_TEXT.siteTitle}` }];

export default function NotFoundRoute() {
  return <NotFound />;
}
