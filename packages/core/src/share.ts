import { SHARE_CHANNELS } from './constants';

/** A share channel name of spec §9. */
export type ShareChannelName = keyof typeof SHARE_CHANNELS;
/** A native share channel id. */
export type ShareChannelId = (typeof SHARE_CHANNELS)[ShareChannelName];

/** True when `name` is a known share channel. */
export function isShareChannelName(name: string): name is ShareChannelName {
  return Object.hasOwn(SHARE_CHANNELS, name);
}

/** The native channel id of a share channel name, or undefined for an unknown name. */
export function shareChannelId(name: string): ShareChannelId | undefined {
  return isShareChannelName(name) ? SHARE_CHANNELS[name] : undefined;
}
