import type { NativeToPage, PageReceiver } from './protocol';

/** One frame's bridge as the receiver sees it. */
export interface FrameSink {
  handle(message: NativeToPage): void;
  ready(): void;
}

/**
 * The page receiver, plus frame routing: every bridge in the window (or its iframes) attaches.
 * Its own file, so host-window.ts (the window holds it) and receiver.ts (which makes it) both
 * import it without importing each other.
 */
export interface FrameReceiver extends PageReceiver {
  /** Routes answers whose id starts with `<frameId>:`, and every event, to `sink`; returns a detach. */
  attach(frameId: string, sink: FrameSink): () => void;
}
