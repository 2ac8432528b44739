import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated="true">` once React has hydrated, so browser tests and the
 * white-screen check can tell a server-rendered page from a live one.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
