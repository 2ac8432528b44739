import { lazy, Suspense, useEffect, useState } from 'react';
import type { ViewerBrief } from '../../lib/root-data';

// Its own chunk, loaded after hydration: the feed's first-load JS holds only this wrapper.
const MessagesBadge = lazy(() => import('./MessagesBadge').then((m) => ({ default: m.MessagesBadge })));

/**
 * The feed header's 消息 entry (issue 32 point 3) for a signed-in reader: nothing on the server
 * page or for a visitor; after hydration the entry with the unread total loads on its own.
 */
export function MessagesEntry({ viewer }: { viewer: ViewerBrief | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!viewer || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <MessagesBadge />
    </Suspense>
  );
}
