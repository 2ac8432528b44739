import { ACTIVITY_TEXT as text } from '../../lib/ui-text/activity';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import type { Route } from './+types/xinyin';
import { ActivityShell } from './ActivityShell';
import { loadActivity } from './activity-loader.server';
import { JoinCard } from './JoinCard';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.window?.title ?? ''} · ${SHELL_TEXT.siteTitle}` },
];

export const loader = ({ context }: Route.LoaderArgs) => loadActivity(context, 'gravity-xinyin');

/** The gravity-xinyin activity (issue 18 point 4): its window, then joining. */
export default function XinyinScreen({ loaderData }: Route.ComponentProps) {
  const page = text.pages.xinyin;
  return (
    <ActivityShell
      code="gravity-xinyin"
      seed={loaderData.window}
      lead={page.lead}
      rules={page.rules}
      theme="teal"
    >
      {() => <JoinCard />}
    </ActivityShell>
  );
}
