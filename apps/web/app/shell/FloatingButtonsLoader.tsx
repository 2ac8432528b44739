import { lazy, Suspense, useEffect, useState } from 'react';

const Layers = lazy(() => import('./Layers'));

/**
 * Mounts the page's late layers after hydration, from their own chunk (Layers.tsx), so they are
 * never part of first-load JS or the server HTML: the floating buttons where `floating` (the
 * caller decides the environment: non-production only) and the sheet a lazy feature opens (the
 * share panel, issue 28 point 10).
 */
export function FloatingButtonsLoader({ floating }: { floating: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Layers floating={floating} />
    </Suspense>
  );
}
