// React Router's default client entry, with hydration one task after the modules' evaluation:
// on a slow phone the two together were one long task (about 230 ms at Lighthouse's 4× CPU),
// which blocks a tap for as long; split, each is about half (issue 33 point 4).
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
