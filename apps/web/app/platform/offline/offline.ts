import type { LazyApi } from '../../lib/api-client';
import { readStorage, writeStorage } from '../../lib/browser-storage';
import { OFFLINE_LIGHTS_KEY, queuedLights, writeQueuedLights } from '../../lib/data-layer/offline-lights';
import { setContentShadow } from '../../lib/data-layer/shadow';
import { failureCode } from '../../lib/failure';
import { formatTime } from '../../lib/format-time';
import { OFFLINE_TEXT } from '../../lib/ui-text/offline';
import { isOurCache, OFFLINE_OFF, SAVED_AT_HEADER } from './offline-caches';

/** Whose pages the offline copies are: another reader's start clears them first. */
const OWNER_KEY = 'h5.offline-owner';
/** A logout made offline: the session is ended on the server once the network is back. */
export const PENDING_LOGOUT_KEY = 'h5.pending-logout';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Deletes everything offline reading kept on this device: the cached pages, answers and images,
 * and the queued lights. Logout, another reader and downgrade mode call it.
 */
export async function clearOfflineData(): Promise<void> {
  writeStorage('local', OFFLINE_LIGHTS_KEY, null);
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.filter(isOurCache).map((key) => caches.delete(key)));
}

/**
 * Tells the worker controlling this page to keep nothing more and drop what it kept, and waits for
 * it (at most 2 s): it goes on controlling the page until it closes, unregistered or not.
 */
function turnWorkerOff(): Promise<void> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage(OFFLINE_OFF, [channel.port2]);
    setTimeout(resolve, 2000);
  });
}

/** One sending at a time: the start and an `online` event may ask together. */
let sending: Promise<void> | null = null;
/** The first wait before sending again after the network failed while the browser said online. */
export const RESEND_FIRST_MS = 2000;
/** The longest such wait (it doubles from the first). */
const RESEND_MAX_MS = 60_000;
let resendWait = RESEND_FIRST_MS;

/**
 * Sends the lights tapped offline, each once; a refused one (deleted content, …) is dropped. When
 * the network fails although the browser says online (the connection is not up yet, a captive
 * portal), it tries again later, waiting longer each time: no `online` event will come to ask.
 */
export function sendQueuedLights(api: LazyApi): Promise<void> {
  sending ??= sendEach(api)
    .then((stalled) => {
      if (!stalled) {
        resendWait = RESEND_FIRST_MS;
        return;
      }
      setTimeout(() => {
        if (navigator.onLine) void sendQueuedLights(api);
      }, resendWait);
      resendWait = Math.min(resendWait * 2, RESEND_MAX_MS);
    })
    .finally(() => {
      sending = null;
    });
  return sending;
}

/** Sends each queued light; true when the network failed with the browser online (lights left). */
async function sendEach(api: LazyApi): Promise<boolean> {
  for (const contentId of queuedLights()) {
    if (!navigator.onLine) return false;
    try {
      const state = await api('community.addContentLight', { contentId });
      setContentShadow(contentId, { isLight: state.isLight, lightCount: state.lightCount });
    } catch (error) {
      // No answer (code 0): no network after all, kept for later.
      if (failureCode(error) === 0) return navigator.onLine;
    }
    writeQueuedLights(queuedLights().filter((id) => id !== contentId));
  }
  return false;
}

/** When the copy the page was answered from was saved, or null (online, or not from a copy). */
async function savedAt(): Promise<number | null> {
  if (navigator.onLine || typeof caches === 'undefined') return null;
  const page = await caches.match(location.href);
  const data = page ?? (await caches.match(`${location.pathname}.data`, { ignoreSearch: true }));
  const at = Number(data?.headers.get(SAVED_AT_HEADER));
  return Number.isFinite(at) && at > 0 ? at : null;
}

/** The 离线内容 mark: a status line over the page while it shows a kept copy. */
async function showMark(): Promise<void> {
  const at = await savedAt();
  let mark = document.querySelector<HTMLElement>('[data-testid="offline-mark"]');
  if (at === null) {
    mark?.remove();
    return;
  }
  if (!mark) {
    mark = document.createElement('div');
    mark.dataset.testid = 'offline-mark';
    mark.setAttribute('role', 'status');
    // Low in the middle, over the page and clear of the top bars and a bottom bar; never in the
    // way of a tap.
    mark.style.cssText =
      'position:fixed;left:50%;bottom:calc(env(safe-area-inset-bottom,0px) + 76px);transform:translateX(-50%);' +
      'z-index:60;padding:5px 14px;border-radius:14px;background:rgba(20,20,20,.78);color:#fff;' +
      'font-size:12px;line-height:18px;white-space:nowrap;pointer-events:none';
    document.body.append(mark);
  }
  mark.textContent = OFFLINE_TEXT.mark(formatTime(at, Date.now()));
}

/**
 * A logout without a network: what this device kept is deleted now, the session is ended on the
 * server once the page loads online again (startOffline).
 */
export async function logoutOffline(): Promise<void> {
  await clearOfflineData();
  writeStorage('local', OWNER_KEY, null);
  writeStorage('local', PENDING_LOGOUT_KEY, '1');
}

function register() {
  navigator.serviceWorker
    .register('/sw.js')
    .catch((error: unknown) => console.warn('offline reading off', error));
}

/** How long after the page's load the worker waits for a first tap or scroll before it installs anyway. */
const REGISTER_AFTER_LOAD_MS = 5000;

/**
 * Runs `task` once the page has loaded and then the reader touched it or some seconds passed: the
 * worker's install (its script, the shell's chunks: ~30 requests) is background work that must not
 * compete with a slow phone's first load (measured: Lighthouse's `/` fell from 98–99 to 87–97 when
 * it installed at the first idle moment after load).
 */
function whenSettled(task: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  const afterLoad = () => {
    setTimeout(once, REGISTER_AFTER_LOAD_MS);
    for (const event of ['pointerdown', 'scroll', 'keydown'])
      window.addEventListener(event, once, { once: true, passive: true });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** What the platform tells offline reading. */
export interface OfflineReading {
  /** A page was shown (first load, every client navigation): mark it when it is a kept copy. */
  pageShown(): void;
}

/**
 * Starts offline reading (after hydration, from the platform's chunk): registers /sw.js, sends
 * the lights tapped offline when the network is back, marks pages answered from a kept copy, and
 * finishes a logout made offline. `owner`: the signed-in reader's id ('' a visitor; null not known
 * yet). Downgrade mode turns it all off and removes what an earlier page kept.
 */
export async function startOffline(
  api: LazyApi,
  owner: string | null,
  downgraded: boolean,
): Promise<OfflineReading> {
  if (readStorage('local', PENDING_LOGOUT_KEY) !== null && navigator.onLine) {
    try {
      await api('auth.logout', {});
    } catch (error) {
      // No answer: still offline after all, the logout waits for the next page. An answer (an
      // ended session, 登录已过期) means there is nothing left to end.
      if (failureCode(error) === 0) return { pageShown: () => undefined };
    }
    writeStorage('local', PENDING_LOGOUT_KEY, null);
    location.reload();
    return { pageShown: () => undefined };
  }
  if (downgraded) {
    if (supported()) {
      await turnWorkerOff();
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((r) => r.unregister()));
    }
    await clearOfflineData();
    return { pageShown: () => undefined };
  }
  const previous = readStorage('local', OWNER_KEY);
  if (owner !== null && previous !== owner) {
    if (previous !== null) await clearOfflineData();
    writeStorage('local', OWNER_KEY, owner);
  }
  // Without service workers (an old webview), lights tapped offline are still kept and sent.
  if (supported()) whenSettled(register);
  window.addEventListener('online', () => {
    void sendQueuedLights(api);
    void showMark();
  });
  window.addEventListener('offline', () => void showMark());
  if (navigator.onLine) void sendQueuedLights(api);
  void showMark();
  return { pageShown: () => void showMark() };
}
