import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { errorPageRaised } from '../lib/page-signals';
import { useRootData } from '../lib/root-data';
import { usePlatformInfoHold } from '../platform/use-platform-info-hold';
import { LazyErrorPage } from './lazy-fallbacks';
import styles from './PageWrapper.module.css';

interface Props {
  inApp: boolean;
  children: ReactNode;
}

const notRaised = () => false;

/**
 * The top-level page wrapper of spec §2/§4: client-conf's global switch (read through the config
 * client, lib/root-loader.server.ts) shows the error page. While holding for platform info the
 * content is rendered but invisible, so nothing shifts or remounts when it is revealed.
 */
export function PageWrapper({ inApp, children }: Props) {
  const holding = usePlatformInfoHold(inApp);
  const raised = useSyncExternalStore(errorPageRaised.subscribe, errorPageRaised.get, notRaised);
  const errorPageSwitch = useRootData()?.clientConf.errorPageSwitch;
  if (errorPageSwitch || raised)
    return (
      <Suspense fallback={null}>
        <LazyErrorPage />
      </Suspense>
    );
  return (
    <div className={holding ? styles.holding : undefined} aria-busy={holding || undefined} data-testid="page">
      {children}
    </div>
  );
}
