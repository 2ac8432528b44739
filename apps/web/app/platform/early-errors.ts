declare global {
  interface Window {
    /** Script URLs that failed before the app's code ran (the inline collector in root.tsx). */
    __H5_SCRIPT_ERRORS__?: string[];
  }
}

/**
 * Collects failed `<script>` loads from the first byte on: an inline script in the document head,
 * because the app's own code may be what failed to load. Kept as a string for `<script>`.
 */
export const EARLY_SCRIPT_ERROR_COLLECTOR = `window.__H5_SCRIPT_ERRORS__=[];addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'&&window.__H5_SCRIPT_ERRORS__)window.__H5_SCRIPT_ERRORS__.push(t.src)},true);`;

/**
 * The error page's refresh button (`data-reload`, shell/ErrorPage.tsx) reloads from the first byte
 * on: the error page may be server-rendered while its chunk is still loading (it is not
 * first-load JS), or shown because the app's own scripts failed. Inline in the head like the
 * collector above; it adds nothing to first-load JS. Capture phase: React stops a click on a
 * part it has not hydrated yet (to replay it later), before it would bubble to the window.
 */
export const EARLY_RELOAD_BUTTONS = `addEventListener('click',function(e){var t=e.target;if(t&&t.closest&&t.closest('[data-reload]'))location.reload()},true);`;

/**
 * Issue 28 point 7: an image that failed to load (offline, a dead link) is marked `data-failed`
 * from the first byte on, and the stylesheet hides it (floating.css), so what shows is the
 * placeholder art under it, never the browser's broken-image icon with the alt text over a card.
 * A later load of the same element (a new `src`, back online) clears the mark. Inline like the two
 * above: no first-load JS.
 */
export const EARLY_IMAGE_FAILURES = `addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='IMG')t.setAttribute('data-failed','')},true);addEventListener('load',function(e){var t=e.target;if(t&&t.tagName==='IMG')t.removeAttribute('data-failed')},true);`;
