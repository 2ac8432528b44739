import { lazy, Suspense, useEffect, useState } from 'react';

const PublishEntry = lazy(() => import('./PublishEntry'));

/** The feed's floating 发布 button, mounted after hydration from its own chunk (never first-load JS). */
export function PublishEntryLoader() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <PublishEntry />
    </Suspense>
  ) : null;
}
