// Issue 6 (sharing): filled in by its owner. The detail page's bottom bar renders it.
export interface ShareButtonProps {
  /** What is shared: a content, a user home. */
  target: { type: 'content'; contentId: number } | { type: 'user'; userId: number };
}

/** Share: the app's share sheet through the bridge, WeChat's JS-SDK, or the web share / copy link. */
export function ShareButton(_props: ShareButtonProps) {
  return null;
}
