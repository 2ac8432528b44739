import type { AppFeature } from '@h5/core';
import { BridgeError } from './bridge-error';
import type { BridgeContext } from './context';
import { platformInfoFromUserAgent } from './platform-info';
import {
  BRIDGE_ERROR,
  type BridgeCallKind,
  type CalendarEvent,
  type CallPayload,
  type CallResult,
  type NativeVerifyResult,
  type PlatformInfo,
  type SharePayload,
} from './protocol';
import type { CallOptions } from './transport';
import { copyWithWebApis, isDomDocument, shareWithWebApis } from './web-fallbacks';

/** Spec §7 messages with their version gates and web fallbacks. */
export interface FeatureApi {
  /** Platform info from the app (5.10.0+, rejects after 2 s); below that or outside the app, derived from the UA. */
  getPlatformInfo(options?: CallOptions): Promise<PlatformInfo>;
  /** Copies text: the app's clipboard in the app, else navigator.clipboard or execCommand; rejects '复制失败'. */
  copyText(text: string): Promise<void>;
  /** The share sheet (a `channel` only from 4.38.5, else the sheet); outside the app navigator.share, else copy the link. */
  share(payload: SharePayload, options?: CallOptions): Promise<CallResult<'share'>>;
  /** The native image preview (5.0.0+), else the web image viewer; resolves when it closes. */
  previewImage(urls: readonly string[], index?: number): Promise<void>;
  /** Tells the app the page has loaded; nothing to do outside the app. */
  finishedPage(): Promise<void>;
  /** Where the user came from, as the app says (rejects after 3000 ms); unsupported outside the app. */
  getTrackSource(options?: CallOptions): Promise<string>;
  /** The native trend publisher; unsupported outside the app. */
  publishTrend(
    payload: CallPayload<'publishTrend'>,
    options?: CallOptions,
  ): Promise<CallResult<'publishTrend'>>;
  /** Real-name authentication; two-element mode needs 5.26.0; unsupported outside the app. */
  realNameAuth(mode: 'twoElement' | 'full', options?: CallOptions): Promise<CallResult<'realNameAuth'>>;
  /** Chat with a user or the staff desk (5.7.0+); unsupported outside the app. */
  openChat(target: CallPayload<'openChat'>, options?: CallOptions): Promise<CallResult<'openChat'>>;
  /** Adds a calendar reminder; unsupported outside the app. */
  addCalendarEvent(event: CalendarEvent, options?: CallOptions): Promise<CallResult<'calendarAdd'>>;
  /** Deletes a calendar reminder by id; unsupported outside the app. */
  deleteCalendarEvent(id: string, options?: CallOptions): Promise<CallResult<'calendarDelete'>>;
  /** A native toast; unsupported outside the app (the page shows its own). */
  showToast(message: string): Promise<void>;
  /** The native captcha verify of a risk check; unsupported outside the app (the browser loads the captcha script). */
  riskVerify(payload: CallPayload<'riskVerify'>, options?: CallOptions): Promise<NativeVerifyResult>;
}

/** Builds the feature helpers over a bridge context. */
export function createFeatures(ctx: BridgeContext): FeatureApi {
  const { env } = ctx;
  let platformInfoFlight: Promise<PlatformInfo> | null = null;

  /** Rejects unless in the app (and at `feature`'s minimum version); else makes the call. */
  function appOnly<K extends BridgeCallKind>(
    kind: K,
    payload: CallPayload<K>,
    feature?: AppFeature,
    options?: CallOptions,
  ): Promise<CallResult<K>> {
    if (!ctx.inApp)
      return Promise.reject(new BridgeError(BRIDGE_ERROR.unsupported, `${kind} needs the app`, kind));
    if (feature && !ctx.supports(feature)) {
      const message = `${kind} needs a newer app (${feature}; this app is ${ctx.appVersion})`;
      return Promise.reject(new BridgeError(BRIDGE_ERROR.unsupported, message, kind));
    }
    return ctx.call(kind, payload, options);
  }

  return {
    getPlatformInfo(options) {
      if (!ctx.supports('platformInfo')) return Promise.resolve(platformInfoFromUserAgent(env.userAgent));
      if (options) return ctx.call('getPlatformInfo', {}, options);
      // Page wrapper, request layer and self-healing often ask at once: one native call serves them.
      platformInfoFlight ??= ctx.call('getPlatformInfo', {}).finally(() => {
        platformInfoFlight = null;
      });
      return platformInfoFlight;
    },

    async copyText(text) {
      if (!ctx.inApp) return copyWithWebApis(text, env.navigator, env.document);
      const { copied } = await ctx.call('setClipboard', { text });
      if (!copied) return copyWithWebApis(text, env.navigator, env.document);
    },

    share(payload, options) {
      if (!ctx.inApp) return shareWithWebApis(payload, env.navigator, env.document);
      if (payload.channel === undefined || ctx.supports('channelShare'))
        return ctx.call('share', payload, options);
      // Older apps cannot share straight to a channel: they open the sheet and the user picks one.
      const { channel: _channel, ...sheet } = payload;
      return ctx.call('share', sheet, options);
    },

    async previewImage(urls, index = 0) {
      if (urls.length === 0)
        throw new BridgeError(BRIDGE_ERROR.failed, 'previewImage needs urls', 'previewImage');
      if (ctx.supports('imagePreview')) {
        await ctx.call('previewImage', { urls: [...urls], index });
        return;
      }
      const doc = env.document;
      if (!isDomDocument(doc)) {
        throw new BridgeError(BRIDGE_ERROR.unsupported, 'previewImage needs a document', 'previewImage');
      }
      // Loaded on first use: most pages never preview an image outside the app.
      const { openImageViewer } = await import('./image-viewer');
      await openImageViewer(doc, urls, index);
    },

    async finishedPage() {
      if (ctx.inApp) await ctx.call('finishedPage', {});
    },

    getTrackSource: (options) => appOnly('getTrackSource', {}, undefined, options).then((r) => r.source),

    publishTrend: (payload, options) => appOnly('publishTrend', payload, undefined, options),

    realNameAuth: (mode, options) =>
      appOnly('realNameAuth', { mode }, mode === 'twoElement' ? 'twoElementRealName' : undefined, options),

    openChat: (target, options) => appOnly('openChat', target, 'chat', options),

    addCalendarEvent: (event, options) => appOnly('calendarAdd', event, undefined, options),

    deleteCalendarEvent: (id, options) => appOnly('calendarDelete', { id }, undefined, options),

    async showToast(message) {
      await appOnly('toast', { message });
    },

    riskVerify: (payload, options) => appOnly('riskVerify', payload, undefined, options),
  };
}
