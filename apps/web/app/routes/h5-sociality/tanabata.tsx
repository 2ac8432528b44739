import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import type { Route } from './+types/tanabata';
import { ActivityShell } from './ActivityShell';
import { loadActivity } from './activity-loader.server';
import { JoinCard } from './JoinCard';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.window?.title ?? ''} · ${SHELL_TEXT.siteTitle}` },
];

export const loader = ({ context }: Route.LoaderArgs) => loadActivity(context, 'tanabata');

/** The tanabata activity (issue 18 point 4): its window, then joining. */
export default function TanabataScreen({ loaderData }: Route.ComponentProps) {
  const page = text.pages.tanabata;
  return (
    <ActivityShell code="tanabata" seed={loaderData.window} lead={page.lead} rules={page.rules} theme="night">
      {() => <JoinCard />}
    </ActivityShell>
  );
}
