import { notFound } from '../../lib/not-found';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import type { Route } from './+types/activity';
import { ActivityShell } from './ActivityShell';
import { AiImageStudio } from './AiImageStudio';
import { loadActivity } from './activity-loader.server';
import { ACTIVITY_PAGES } from './activity-pages';
import { JoinCard } from './JoinCard';
import { EncounterCards, TanabataRank, XinyinPicker } from './SocialityActions';
import { useActivityLogin } from './use-activity-login';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.window?.title ?? ''} · ${SHELL_TEXT.siteTitle}` },
];

/**
 * One route for the four activity pages (one manifest entry instead of four: the first-load
 * budget counts the route manifest); an unknown path under /h5-sociality/ is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = ACTIVITY_PAGES[params['*'] ?? ''];
  if (!page) throw notFound();
  return loadActivity(context, page.code);
}

/** An h5-sociality activity (issue 18 point 4): its window, then joining (the 520 AI image on its page). */
export default function ActivityScreen({ loaderData, params }: Route.ComponentProps) {
  const page = ACTIVITY_PAGES[params['*'] ?? ''];
  const session = useActivityLogin();
  if (!page) return null;
  return (
    <ActivityShell
      code={page.code}
      seed={loaderData.window}
      lead={page.text.lead}
      rules={page.text.rules}
      theme={page.theme}
    >
      {() => {
        if (!session.loggedIn) return <JoinCard session={session} />;
        if (page.aiImage) return <AiImageStudio />;
        // What the rules promise, with real data (issue 32 point 5).
        if (page.actions === 'encounter') return <EncounterCards />;
        if (page.actions === 'tanabata') return <TanabataRank />;
        if (page.actions === 'xinyin') return <XinyinPicker />;
        return <JoinCard session={session} />;
      }}
    </ActivityShell>
  );
}
