// Issue 33 point 4: with the page's modules preloaded in the head and React Router's module
// script in the body, a phone fetches ~100 KiB of JavaScript alongside the first screen's images
// and runs it before the page has painted: the first paint waits on scripts it does not need
// (the page is whole as the server sent it). Here the page asks for its modules once it has
// painted: the modulepreload links and the module script become a small classic script that,
// after the first paint, adds them to the document as they were (the links first, so the modules
// are still fetched at once, not level by level). A hidden page (a preloading webview) paints
// nothing, so it starts at once; 500 ms is the bound if no paint is reported. React drops the
// links from the head as it hydrates it; they have done their work by then.

/** `<link rel="modulepreload" …/>` as React Router's <Scripts/> writes them (React hoists them to the head). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
/** React Router's one module script: route modules, manifest, then the entry's import. */
const ROUTER_MODULE = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;

/** A string as a JavaScript literal that cannot end the inline script it is in. */
const scriptLiteral = (text: string) =>
  JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The loader: adds the preloads and the module script once, when the browser reports the page's
 * first paint (a `paint` performance entry, sent once the frame is on screen); without paint
 * entries (older Safari) after the first frame; at once when hidden; at 500 ms at the latest.
 */
const afterFirstPaint = (preloads: string, moduleText: string) =>
  `(function(l,m,n){var d=0,o;function go(){if(d)return;d=1;if(o)o.disconnect();document.head.insertAdjacentHTML('beforeend',l);` +
  `var s=document.createElement('script');s.type='module';if(n)s.nonce=n;s.textContent=m;document.body.appendChild(s)}` +
  `if(document.visibilityState==='hidden')go();` +
  `else if(typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0){o=new PerformanceObserver(go);o.observe({type:'paint',buffered:true})}` +
  `else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})` +
  `(${scriptLiteral(preloads)},${scriptLiteral(moduleText)},document.currentScript&&document.currentScript.nonce)`;

/** The page with its modules loaded after the first paint (see above); a page without them is unchanged. */
export function scriptsAfterFirstPaint(head: string, body: string): string {
  const module = ROUTER_MODULE.exec(body);
  if (!module) return head + body;
  const [script, nonceAttr, moduleText] = module as unknown as [string, string, string];
  const preloads = head.match(MODULE_PRELOAD)?.join('') ?? '';
  const loader = `<script${nonceAttr}>${afterFirstPaint(preloads, moduleText)}</script>`;
  return head.replace(MODULE_PRELOAD, '') + body.replace(script, () => loader);
}
