import { notFound } from '../../lib/not-found';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { STAND_IN_TEXT, type StandInPage } from '../../lib/ui-text/stand-in';
import { OutcomeCard } from '../../shell/OutcomeCard';
import { Screen } from '../../shell/Screen';
import type { Route } from './+types/stand-in';

const isPage = (page: string): page is StandInPage => page !== 'back' && Object.hasOwn(STAND_IN_TEXT, page);

/** An outside page's development stand-in (the app store, the payout provider's sign page). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isPage(params.page)) throw notFound();
  return { page: params.page };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: `${STAND_IN_TEXT[data.page].title} · ${SHELL_TEXT.siteTitle}` }] : [];

export default function StandInScreen({ loaderData }: Route.ComponentProps) {
  const { title, body } = STAND_IN_TEXT[loaderData.page];
  return (
    <Screen title={title} testId="stand-in">
      <OutcomeCard title={title} body={body} action={{ label: STAND_IN_TEXT.back, to: '/' }} />
    </Screen>
  );
}
