import { useState } from 'react';
import { notFound } from '../../lib/not-found';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { STAND_IN_TEXT, type StandInPage } from '../../lib/ui-text/stand-in';
import { useApi } from '../../lib/use-api';
import { OutcomeCard } from '../../shell/OutcomeCard';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import type { Route } from './+types/stand-in';

const isPage = (page: string): page is StandInPage =>
  !['back', 'sign', 'signFailed', 'later'].includes(page) && Object.hasOwn(STAND_IN_TEXT, page);

/** The path of a return address (the stand-in goes back only within this site). */
function returnPath(url: string | null): string {
  if (!url) return '/creator/upgrade';
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/creator/upgrade';
  }
}

/** An outside page's development stand-in (the app store, the payout provider's sign page). */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isPage(params.page)) throw notFound();
  const query = new URL(request.url).searchParams;
  // The sign link's state (issue 31 point 3): the stand-in signs as the provider would.
  const state = params.page === 'flexible-staffing-sign' ? query.get('state') : null;
  return { page: params.page, state, back: returnPath(query.get('returnUrl')) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `${STAND_IN_TEXT[data.page].title} · ${SHELL_TEXT.siteTitle}` }] : [];

/** The stand-in provider's 签约: it calls our signing callback signed, then returns to the upgrade page. */
function SignButton({ state, back }: { state: string; back: string }) {
  const api = useApi();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const sign = async () => {
    setBusy(true);
    const done = await api('creator.staffingStandInSign', { state }).catch(() => ({ signed: false }));
    if (done.signed) window.location.assign(back);
    else {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={styles.outcomeAction}
        onClick={sign}
        disabled={busy}
        data-testid="stand-in-sign"
      >
        {STAND_IN_TEXT.sign}
      </button>
      {failed ? (
        <p className={styles.error} role="alert" data-testid="stand-in-sign-failed">
          {STAND_IN_TEXT.signFailed}
        </p>
      ) : null}
    </>
  );
}

export default function StandInScreen({ loaderData }: Route.ComponentProps) {
  const { title, body } = STAND_IN_TEXT[loaderData.page];
  return (
    <Screen title={title} testId="stand-in">
      {loaderData.state ? (
        <OutcomeCard title={title} body={body} action={{ label: STAND_IN_TEXT.later, to: loaderData.back }}>
          <SignButton state={loaderData.state} back={loaderData.back} />
        </OutcomeCard>
      ) : (
        <OutcomeCard title={title} body={body} action={{ label: STAND_IN_TEXT.back, to: '/' }} />
      )}
    </Screen>
  );
}
