import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { VIDEO_ACCOUNT_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryView } from '../../shell/EntryView';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import type { Route } from './+types/video-account-card';

export const meta: Route.MetaFunction = () => [{ title: `${text.cardTitle} · ${SHELL_TEXT.siteTitle}` }];

const userIdOf = (request: Request) =>
  Math.max(0, Number(new URL(request.url).searchParams.get('userId')) || 0);

/** Public: anyone may see a user's approved video account card (the common variant). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = userIdOf(request);
  if (!userId) return { userId, card: null };
  return { userId, card: dataOf(await prefetch(context, 'creator.videoAccountCard', { userId })) };
}

export default function VideoAccountCardScreen({ loaderData }: Route.ComponentProps) {
  const { userId } = loaderData;
  const [state, reload] = useEntry('creator.videoAccountCard', { userId: userId || 1 }, loaderData.card, {
    errorToast: false,
  });
  return (
    <Screen title={text.cardTitle}>
      {userId ? (
        <EntryView state={state} onRetry={reload} missing={text.cardMissing}>
          {(card) => (
            <section className={styles.hero} data-testid="video-account-card">
              <p className={styles.heroLevel}>{card.name}</p>
              <p className={styles.heroNote}>
                {card.user.userName} · {text.accountId} {card.accountId}
              </p>
              <p className={styles.heroNote}>
                <a
                  href={card.profileUrl}
                  rel="noopener noreferrer"
                  target="_blank"
                  style={{ color: 'inherit' }}
                >
                  {card.profileUrl}
                </a>
              </p>
            </section>
          )}
        </EntryView>
      ) : (
        <Placeholder type="empty" text={text.cardMissing} home />
      )}
    </Screen>
  );
}
