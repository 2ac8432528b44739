import type { PublicRuntimeConfig } from '@h5/contract';
import { JUMP_LINK_ATTRIBUTE, JUMP_LINKS_ATTRIBUTE } from '../lib/jump-attributes';
import { openInApp } from './native-jump';

/** The link of a tap the app should take: a plain tap on a jump link, or a link in an article. */
function jumpLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (!plain || event.defaultPrevented || !(event.target instanceof Element)) return null;
  const link = event.target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return null;
  return link.closest(`[${JUMP_LINK_ATTRIBUTE}],[${JUMP_LINKS_ATTRIBUTE}]`) ? link : null;
}

/**
 * The one way a screen navigates to X inside the app (issue 12): a tap on a jump link opens X's
 * native screen through the bridge instead of its web page; when the app does not open it, the
 * web page after all. Captured before React Router's own link handling. Returns the remover.
 */
export function watchJumpLinks(runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>): () => void {
  const onClick = (event: MouseEvent) => {
    const link = jumpLinkOf(event);
    if (!link) return;
    event.preventDefault();
    void openInApp(runtime, link.href).then((opened) => {
      if (!opened) location.assign(link.href);
    });
  };
  document.addEventListener('click', onClick, true);
  // Until now a tap opened the web page (the boot loads after hydration): tests wait for this.
  document.documentElement.dataset.nativeJumps = 'on';
  return () => {
    document.removeEventListener('click', onClick, true);
    delete document.documentElement.dataset.nativeJumps;
  };
}
