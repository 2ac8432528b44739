// Issue 14 point 5: a visitor's tap on a gated toggle (light, follow) sends them to log in; the
// toggle it asked for is kept for this tab, and the platform applies it on the first page that
// loads logged in (platform/after-login.ts; the web login and the app's native login both end
// in a page load). This half is first-load JS of the feed and the detail (the toggle queue
// imports it), so it writes sessionStorage itself rather than through lib/browser-storage.ts
// (DESIGN.md §8, decision record 012).

/** The sessionStorage key of the toggle a login interrupted: `light:12@1764000000000`. */
export const AFTER_LOGIN_KEY = 'h5:after-login';

/** Remembers the toggle (its queue key, `light:12`) a login interrupted, with the time. */
export function rememberAfterLogin(toggleKey: string): void {
  try {
    sessionStorage.setItem(AFTER_LOGIN_KEY, `${toggleKey}@${Date.now()}`);
  } catch {
    // Storage blocked (private mode): the tap is not kept; the login still opens.
  }
}
