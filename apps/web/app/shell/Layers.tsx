import { lazy, Suspense, useSyncExternalStore } from 'react';
import { sheetStore } from './sheet-host';

const FloatingButtons = lazy(() => import('./FloatingButtons'));

const none = () => null;

/** The late layers over every page (FloatingButtonsLoader.tsx): floating buttons, an open sheet. */
export default function Layers({ floating }: { floating: boolean }) {
  const sheet = useSyncExternalStore(sheetStore.subscribe, sheetStore.get, none);
  return (
    <>
      {floating ? (
        <Suspense fallback={null}>
          <FloatingButtons />
        </Suspense>
      ) : null}
      {sheet}
    </>
  );
}
