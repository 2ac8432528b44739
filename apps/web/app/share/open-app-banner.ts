// Issue 28 point 12: in a browser, the feed and a content lead to the app. The banner is written
// into the server's HTML and run by an inline script (root.tsx), like the error page's reload
// (platform/early-errors.ts): no first-load JS (DESIGN.md §8), no layout shift (it is there from
// the first paint, in the flow above the page), and a dismissal known before the first paint.
// Its styles are global (floating.css): it shows where the feed or a content detail is on screen.
import type { AppLinks } from '@h5/contract';
import { OPEN_APP_TEXT as text } from '../lib/ui-text/open-app';

/** Where a dismissal is remembered (local storage): the time it was dismissed. */
export const OPEN_APP_DISMISSED_KEY = 'h5.openApp.dismissedAt';
/** How long a dismissal holds: a week. */
export const OPEN_APP_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the page waits for the app to take over before it sends the reader to the store. */
export const OPEN_APP_STORE_DELAY_MS = 1600;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The app link of a page of ours: `scheme://open?url=<the page's absolute URL>`. */
export const appLinkOf = (scheme: string, pageUrl: string) =>
  `${scheme}://open?url=${encodeURIComponent(pageUrl)}`;

/**
 * The banner and WeChat's hint, as HTML: 打开 App (`data-open-app`: this page) and a close
 * button. Any element of a page with `data-open-app="<path>"` opens that page in the app the
 * same way (a product page's buttons).
 */
export function openAppBannerHtml(): string {
  return (
    `<aside class="h5-open-app" aria-label="${escapeHtml(text.banner)}" data-testid="open-app-banner">` +
    `<span class="h5-open-app-icon" aria-hidden="true"></span>` +
    `<span class="h5-open-app-text"><strong>${escapeHtml(text.appName)}</strong><span>${escapeHtml(text.pitch)}</span></span>` +
    `<button type="button" class="h5-open-app-button" data-open-app="" data-testid="open-app">${escapeHtml(text.open)}</button>` +
    `<button type="button" class="h5-open-app-close" data-open-app-close="" data-testid="open-app-close" aria-label="${escapeHtml(text.close)}"></button>` +
    `</aside>` +
    `<div class="h5-open-app-wechat" role="alertdialog" aria-modal="true" aria-labelledby="h5-open-app-wechat-text" data-testid="open-app-wechat-hint">` +
    `<p id="h5-open-app-wechat-text">${escapeHtml(text.wechatHint)}</p>` +
    `<button type="button" data-open-app-wechat-close="">${escapeHtml(text.wechatHintClose)}</button>` +
    `</div>`
  );
}

/**
 * The banner's script, inline in the head: the remembered dismissal (`<html
 * data-open-app-dismissed>` before the first paint), the close button, and 打开 App: the app link
 * of the page (or of `data-open-app`'s path), then the store of the reader's system if the page
 * is still on screen a moment later (the app is not installed); in WeChat its hint instead. The
 * link tried is left in `<html data-open-app-link>` for the debug console and the browser tests.
 */
export function openAppScript(links: AppLinks): string {
  const config = JSON.stringify({
    scheme: links.scheme,
    ios: links.iosStoreUrl,
    android: links.androidStoreUrl,
    key: OPEN_APP_DISMISSED_KEY,
    keep: OPEN_APP_DISMISS_MS,
    wait: OPEN_APP_STORE_DELAY_MS,
  }).replace(/</g, '\\u003c');
  return `(function(){var A=${config},d=document.documentElement,n=navigator.userAgent;try{var at=Number(localStorage.getItem(A.key));if(at&&Date.now()-at<A.keep)d.setAttribute('data-open-app-dismissed','')}catch(e){}addEventListener('click',function(e){var t=e.target;if(!t||!t.closest)return;if(t.closest('[data-open-app-close]')){d.setAttribute('data-open-app-dismissed','');try{localStorage.setItem(A.key,String(Date.now()))}catch(x){}return}if(t.closest('[data-open-app-wechat-close]')){d.removeAttribute('data-open-app-wechat');return}var o=t.closest('[data-open-app]');if(!o)return;e.preventDefault();if(/MicroMessenger/i.test(n)){d.setAttribute('data-open-app-wechat','');return}var u=A.scheme+'://open?url='+encodeURIComponent(new URL(o.getAttribute('data-open-app')||location.pathname+location.search,location.href).href),s=/iPhone|iPad|iPod/i.test(n)?A.ios:A.android;d.setAttribute('data-open-app-link',u);var w=setTimeout(function(){if(!document.hidden)location.href=s},A.wait);document.addEventListener('visibilitychange',function v(){if(document.hidden){clearTimeout(w);document.removeEventListener('visibilitychange',v)}});location.href=u},true)})();`;
}
