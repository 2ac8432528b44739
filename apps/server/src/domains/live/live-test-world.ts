import { contract } from '@h5/contract';
import type { TestApp } from '../../test-utils';
import { signedInUser } from '../../test-utils';

/** A fresh host with a running broadcast, made through the console like the journey does. */
export async function liveHost(t: TestApp, name: string) {
  const host = await signedInUser(t.app, t.db, name);
  const opened = await t.signedInject(contract.live.becomeHost, {}, { cookies: host.cookies });
  const started = await t.signedInject(contract.live.startStream, {}, { cookies: host.cookies });
  return {
    ...host,
    streamId: opened.body.data.streamId,
    roomId: opened.body.data.roomId,
    streamLogId: started.body.data.streamLogId,
  };
}

/** A fresh member of a host's group. */
export async function liveMember(t: TestApp, streamId: number, name: string) {
  const member = await signedInUser(t.app, t.db, name);
  await t.signedInject(contract.live.joinGroup, { streamId }, { cookies: member.cookies });
  return member;
}

/** Plays audience events through the console. */
export const play = (
  t: TestApp,
  cookies: Record<string, string>,
  streamLogId: number,
  kind: 'watch' | 'light' | 'comment' | 'share',
  units: number,
) => t.signedInject(contract.live.audienceEvent, { streamLogId, kind, units }, { cookies });
