import type { MissingKind } from '../lib/ui-text/missing';
import { NotFoundScreen } from './NotFoundScreen';
import { Placeholder } from './Placeholder';

/**
 * The one not-found screen: an unknown URL, and a content, user or topic that does not exist
 * (their loaders answer HTTP 404 with `notFound()`, lib/not-found.ts; a browser load that finds
 * nothing renders it in place). The page header's back (with the page's own title when given), one
 * empty block and a way home.
 */
export function NotFound({ missing, title }: { missing?: MissingKind; title?: string }) {
  return (
    <NotFoundScreen title={title}>
      <Placeholder type="empty" home missing={missing} />
    </NotFoundScreen>
  );
}
