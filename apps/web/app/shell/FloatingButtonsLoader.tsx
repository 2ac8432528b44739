import { lazy, Suspense, useEffect, useState } from 'react';

const FloatingButtons = lazy(() => import('./FloatingButtons'));

/**
 * Mounts the floating buttons after hydration, from their own chunk, so they are never part
 * of first-load JS or the server HTML. The caller decides the environment (non-production only).
 */
export function FloatingButtonsLoader() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FloatingButtons />
    </Suspense>
  );
}
