import type { SharePayload } from '@h5/bridge/protocol';
import { SHARE_CHANNELS } from '@h5/core';
import { NATIVE_TEXT } from '../native-text';
import { DISMISS_ACTION, type GridItemSpec, type ShareIconName, type SheetSpec } from '../sheet-spec';
import type { SheetController } from './sheet-controller';

const TEXT = NATIVE_TEXT.share;

/** The share sheet's targets, in the order the app shows them, with spec §9 channel ids. */
export const SHARE_SHEET_CHANNELS = [
  'wechat',
  'wechatMoment',
  'weibo',
  'qq',
  'saveToAlbum',
  'copyLink',
  'privateLetter',
] as const satisfies readonly ShareIconName[];
export type ShareSheetChannel = (typeof SHARE_SHEET_CHANNELS)[number];

const TILE_COLORS: Readonly<Record<ShareSheetChannel, string>> = {
  wechat: '#07c160',
  wechatMoment: '#07c160',
  weibo: '#e6162d',
  qq: '#12b7f5',
  saveToAlbum: '#f2f2f7',
  copyLink: '#f2f2f7',
  privateLetter: '#01c2c3',
};

const isShareSheetChannel = (name: string): name is ShareSheetChannel =>
  (SHARE_SHEET_CHANNELS as readonly string[]).includes(name);

/** The native channel id of a share target. */
export function shareSheetChannelId(name: ShareSheetChannel): number {
  return SHARE_CHANNELS[name];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The share sheet: what is shared, the seven targets of spec §9, cancel. */
export function shareSheetSpec(id: string, payload: SharePayload): SheetSpec {
  const items: GridItemSpec[] = SHARE_SHEET_CHANNELS.map((name) => ({
    action: name,
    label: TEXT.channels[name],
    icon: name,
    color: TILE_COLORS[name],
  }));
  const lines = [payload.shareContent, hostOf(payload.shareUrl)].filter((line): line is string => !!line);
  return {
    id,
    kind: 'share',
    title: TEXT.title,
    closeLabel: NATIVE_TEXT.close,
    blocks: [
      { type: 'heading', text: TEXT.heading },
      { type: 'card', title: payload.shareTitle, lines },
      { type: 'grid', items },
      { type: 'button', button: { action: DISMISS_ACTION, label: NATIVE_TEXT.cancel, style: 'secondary' } },
    ],
  };
}

/** The share sheet: finishes with the chosen target, or null when cancelled. */
export function createShareSheet(payload: SharePayload): SheetController<ShareSheetChannel> {
  return {
    kind: 'share',
    start: (ui) => ui.render(shareSheetSpec(ui.id, payload)),
    async onAction({ action }, ui) {
      if (action === DISMISS_ACTION) return ui.finish(null);
      if (isShareSheetChannel(action)) await ui.finish(action);
    },
  };
}
