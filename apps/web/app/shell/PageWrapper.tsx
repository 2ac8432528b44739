import type { ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';
import styles from './PageWrapper.module.css';
import { usePlatformInfoHold } from './use-platform-info-hold';

interface Props {
  /** client-conf's global switch: on shows the error page instead of content. */
  errorPageSwitch: boolean;
  inApp: boolean;
  children: ReactNode;
}

/**
 * The top-level page wrapper of spec §2/§4. While holding for platform info the content is
 * rendered but invisible, so nothing shifts or remounts when it is revealed.
 */
export function PageWrapper({ errorPageSwitch, inApp, children }: Props) {
  const holding = usePlatformInfoHold(inApp);
  if (errorPageSwitch) return <ErrorPage />;
  return (
    <div className={holding ? styles.holding : undefined} aria-busy={holding || undefined} data-testid="page">
      {children}
    </div>
  );
}
