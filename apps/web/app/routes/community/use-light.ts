import type { LightState } from '@h5/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/use-api';

interface Shown {
  isLight: boolean;
  lightCount: number;
}

/**
 * The viewer's light on one content, optimistic: a tap flips it at once; calls go one at a time
 * (spec §4: isLight set → del, else add), and after each the latest wish is sent again if the
 * server differs, so rapid taps end in the last tapped state. A failed call (including 7999, which
 * the request hooks turn into the login prompt) rolls back to what the server last said.
 */
export function useLight(contentId: number, initial: Shown) {
  const api = useApi();
  const [shown, setShown] = useState<Shown>(initial);
  const server = useRef<Shown>(initial);
  const wanted = useRef(initial.isLight);
  const busy = useRef(false);

  // A new content (or fresh loader data) resets the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only these two values describe the state
  useEffect(() => {
    server.current = initial;
    wanted.current = initial.isLight;
    setShown(initial);
  }, [contentId, initial.isLight, initial.lightCount]);

  const sync = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      while (wanted.current !== server.current.isLight) {
        const light = wanted.current;
        const state: LightState = await api(
          (c) => (server.current.isLight ? c.community.delContentLight : c.community.addContentLight),
          { contentId },
        );
        server.current = { isLight: state.isLight, lightCount: state.lightCount };
        if (light === wanted.current) setShown(server.current);
      }
    } catch (error) {
      console.warn('light failed, rolled back', error);
      wanted.current = server.current.isLight;
      setShown(server.current);
    } finally {
      busy.current = false;
    }
  }, [api, contentId]);

  const toggle = useCallback(() => {
    wanted.current = !wanted.current;
    const base = server.current;
    const delta = wanted.current === base.isLight ? 0 : wanted.current ? 1 : -1;
    setShown({ isLight: wanted.current, lightCount: Math.max(0, base.lightCount + delta) });
    void sync();
  }, [sync]);

  return { ...shown, toggle };
}
