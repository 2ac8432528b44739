import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Issue 19 point 6: on a 2 s round trip every stylesheet the head links costs its first paint
// another trip. The server puts the page's stylesheets into the head as one <style> instead, and
// their links get `media="print"`: fetched last, at the lowest priority, and nothing waits for
// them. React matches a head link by rel and href only (anything else there fails hydration)
// and never rewrites an unchanged prop; once the user navigates, React Router renders the next
// routes' links as usual, and an inlined rule that stays behind is a CSS module's hashed class.

/** `<link … rel="stylesheet" href="/assets/….css"/>` as React Router's <Links/> writes it. */
const STYLESHEET_LINK = /<link (?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/assets\/[^"#]+\.css)#?"[^>]*\/>/g;

/** The built client's stylesheets, read once each (they are content-hashed, never rewritten). */
const cssText = new Map<string, string | null>();
/**
 * build/client, beside build/server: whatever depth of the server build this module is bundled
 * into (build/server/index.js, or a chunk under build/server/assets/ since the browser's
 * per-domain contract imports split it). Outside a build nothing matches and no file is found.
 */
const CLIENT_DIR = fileURLToPath(import.meta.url.replace(/\/server\/(?:assets\/)?[^/]+$/, '/client'));

function builtCss(href: string): string | null {
  let text = cssText.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(`${CLIENT_DIR}${href}`, 'utf8');
    } catch {
      // Not a built file (the dev server's): the link stays as it is.
      text = null;
    }
    cssText.set(href, text);
  }
  return text;
}

/**
 * The head `html` (up to `</head>`) with its built stylesheets inlined before the first of their
 * links, each link kept for print only; `readCss` answers an href's CSS, or null to leave it linked.
 */
export function inlineStylesheets(
  html: string,
  nonce: string | undefined,
  readCss: (href: string) => string | null = builtCss,
): string {
  const inlined: string[] = [];
  let firstAt = -1;
  const head = html.replace(STYLESHEET_LINK, (link, href: string, at: number) => {
    const css = readCss(href);
    if (css === null) return link;
    if (firstAt < 0) firstAt = at;
    inlined.push(css);
    return link.replace(/\/>$/, ' media="print"/>');
  });
  if (firstAt < 0) return html;
  const style = `<style${nonce ? ` nonce="${nonce}"` : ''} data-inlined="">${inlined.join('\n')}</style>`;
  return `${head.slice(0, firstAt)}${style}${head.slice(firstAt)}`;
}
