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
