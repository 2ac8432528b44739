import type { LiveRoom } from '@h5/contract';
import { Link } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { liveSearch, useLiveContext } from '../../lib/live-context';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { EntryScreen } from '../../shell/EntryScreen';
import { RoomLottery } from '../../shell/lottery/RoomLottery';
import { Placeholder } from '../../shell/Placeholder';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import type { Route } from './+types/room';
import live from './live.module.css';

export const meta: Route.MetaFunction = () => [{ title: `${text.roomTitle} · ${SHELL_TEXT.siteTitle}` }];

const roomIdOf = (search: string): number | null => {
  const n = Number(new URLSearchParams(search).get('roomId'));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The room by `roomId`, prefetched (public). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const roomId = roomIdOf(new URL(request.url).search);
  if (roomId === null) return { room: null, roomId };
  return { room: dataOf(await prefetch(context, 'live.liveRoom', { roomId })), roomId };
}

/**
 * The live room fallback (`/live/room?roomId=`, issue 16 point 4): where the live jump sends a
 * stream without its own `jumpUrl`. The stream's state, its host and the group entry.
 */
export default function LiveRoomScreen({ loaderData }: Route.ComponentProps) {
  const { roomId } = loaderData;
  if (roomId === null)
    return (
      <Screen title={text.roomTitle}>
        <Placeholder type="empty" text={text.roomMissing} home />
      </Screen>
    );
  return <Room roomId={roomId} seed={loaderData.room} />;
}

function Room({ roomId, seed }: { roomId: number; seed: LiveRoom | null }) {
  const page = useLiveContext();
  const entry = useEntry('live.liveRoom', { roomId }, seed);
  return (
    <EntryScreen
      title={text.roomTitle}
      backTestId="room-back"
      testId="live-room"
      entry={entry}
      refresh="live"
      missing={text.roomMissing}
      skeletonTestId="room-skeleton"
    >
      {(room) => <RoomBody room={room} isHost={page.isHost} />}
    </EntryScreen>
  );
}

function RoomBody({ room, isHost }: { room: LiveRoom; isHost: boolean }) {
  const living = room.streamLogId !== null;
  // The room's own context goes on to the group page (and the host centre with userRole=1).
  const context = {
    streamId: room.streamId,
    ...(room.streamLogId !== null ? { streamLogId: room.streamLogId } : {}),
    ...(isHost ? { userRole: 1 } : {}),
  };
  return (
    <>
      <section className={live.stage} data-testid="room-stage" data-living={living}>
        <span className={living ? live.liveBadge : live.offBadge}>
          {living ? text.living : text.notLiving}
        </span>
        <p className={styles.heroLevel}>{room.title}</p>
        {room.startedAt ? (
          <p className={styles.heroNote}>
            {text.startedAt(
              new Date(room.startedAt).toLocaleTimeString('zh-CN', {
                hour: '2-digit',
                minute: '2-digit',
                timeZone: 'Asia/Shanghai',
              }),
            )}
          </p>
        ) : null}
      </section>
      <section className={styles.card}>
        <div className={live.hostHero}>
          <img className={live.avatar} src={room.host.avatar} alt="" width={56} height={56} />
          <div className={live.heroText}>
            <p className={styles.rowTitle}>{room.host.userName}</p>
            <p className={styles.note}>{text.roomGroup(room.group.name, room.group.memberCount)}</p>
          </div>
          <Link
            className={styles.action}
            to={`/live/fans-group${liveSearch(context)}`}
            data-testid="room-group"
          >
            {text.openGroup}
          </Link>
        </div>
        {isHost ? (
          <Link
            className={styles.note}
            to={`/live/host${liveSearch(context)}`}
            data-testid="room-host-centre"
          >
            {text.hostCentre}
          </Link>
        ) : null}
      </section>
      <RoomLottery streamId={room.streamId} />
    </>
  );
}
