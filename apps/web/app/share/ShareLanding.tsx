import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useRootData } from '../lib/root-data';
import { LANDING_TEXT } from '../lib/ui-text/landing';
import { PageHeader } from '../shell/PageHeader';
import type { AppLanding } from './app-landing';
import styles from './ShareLanding.module.css';

type LandingState = 'opening' | 'opened' | 'failed';

const STATUS: Readonly<Record<LandingState, string>> = {
  opening: LANDING_TEXT.opening,
  opened: LANDING_TEXT.opened,
  failed: LANDING_TEXT.failed,
};

/**
 * A share link inside the app (issue 12): sends its native screen through the bridge
 * (`redirect`, from `rewriteSharePath`) once the page runs, and says so meanwhile. The web page
 * and the home stay one tap away, in case the app does not navigate.
 */
export function ShareLanding({ webPath }: AppLanding) {
  const runtime = useRootData()?.runtime;
  const [state, setState] = useState<LandingState>('opening');
  const started = useRef(false);

  const open = useCallback(() => {
    setState('opening');
    import('../platform/native-jump')
      .then(({ openInApp }) => openInApp(runtime ?? {}, location.href))
      .catch(() => false)
      .then((opened) => setState(opened ? 'opened' : 'failed'));
  }, [runtime]);

  useEffect(() => {
    // Once per landing: a revalidated root must not open the native screen again.
    if (started.current) return;
    started.current = true;
    open();
  }, [open]);

  return (
    <div className={styles.screen} data-testid="share-landing" data-state={state}>
      <PageHeader title={LANDING_TEXT.title} fallback="/" />
      <main className={styles.card}>
        <span className={styles.mark} aria-hidden="true">
          {state === 'opening' ? <span className={styles.spinner} /> : <AppIcon />}
        </span>
        <p className={styles.status} role="status" data-testid="share-landing-status">
          {STATUS[state]}
        </p>
        <p className={styles.hint}>{LANDING_TEXT.hint}</p>
        <div className={styles.actions}>
          <Link to={webPath} className={styles.web} data-testid="share-landing-web">
            {LANDING_TEXT.web}
          </Link>
          {state === 'opening' ? null : (
            <button
              type="button"
              className={styles.secondary}
              onClick={open}
              data-testid="share-landing-retry"
            >
              {LANDING_TEXT.retry}
            </button>
          )}
          <Link to="/" className={styles.secondary} data-testid="share-landing-home">
            {LANDING_TEXT.home}
          </Link>
        </div>
      </main>
    </div>
  );
}

function AppIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </svg>
  );
}
