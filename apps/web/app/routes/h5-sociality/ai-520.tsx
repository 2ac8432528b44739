import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import type { Route } from './+types/ai-520';
import { ActivityShell } from './ActivityShell';
import { AiImageStudio } from './AiImageStudio';
import { loadActivity } from './activity-loader.server';
import { JoinCard } from './JoinCard';
import { useActivityLogin } from './use-activity-login';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.window?.title ?? ''} · ${SHELL_TEXT.siteTitle}` },
];

export const loader = ({ context }: Route.LoaderArgs) => loadActivity(context, '520');

/** The 520 activity (issue 18 point 4): its window, then the AI image for a logged-in user. */
export default function Ai520Screen({ loaderData }: Route.ComponentProps) {
  const page = text.pages.ai520;
  const session = useActivityLogin();
  return (
    <ActivityShell code="520" seed={loaderData.window} lead={page.lead} rules={page.rules}>
      {() => (session.loggedIn ? <AiImageStudio /> : <JoinCard session={session} />)}
    </ActivityShell>
  );
}
