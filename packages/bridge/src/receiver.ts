import type { FrameReceiver, FrameSink } from './frame-receiver';
import type { HostWindow } from './host-window';
import { parseNativeMessage } from './parse-message';
import { PAGE_RECEIVER_GLOBAL } from './protocol';

/** The frame part of a request id `<frameId>:<n>`. */
export function frameOfId(id: string): string {
  const colon = id.lastIndexOf(':');
  return colon === -1 ? '' : id.slice(0, colon);
}

function createReceiver(win: HostWindow): FrameReceiver {
  const sinks = new Map<string, FrameSink>();
  const receiver: FrameReceiver = {
    receive(input) {
      const message = parseNativeMessage(input);
      if (!message) return;
      if (message.type === 'response') {
        sinks.get(frameOfId(message.id))?.handle(message);
        return;
      }
      for (const sink of [...sinks.values()]) sink.handle(message);
    },
    ready() {
      for (const sink of [...sinks.values()]) sink.ready();
    },
    attach(frameId, sink) {
      sinks.set(frameId, sink);
      return () => {
        if (sinks.get(frameId) === sink) sinks.delete(frameId);
        // The last frame gone: drop the receiver so no closure of an unloaded frame stays on `win`.
        if (sinks.size === 0 && win[PAGE_RECEIVER_GLOBAL] === receiver) delete win[PAGE_RECEIVER_GLOBAL];
      };
    },
  };
  return receiver;
}

/**
 * Attaches a frame to the receiver on `win`, installing `window.__CommunityBridge__` first when
 * absent (or when it is a receiver without frame routing, e.g. an older copy of this code).
 */
export function attachFrame(win: HostWindow, frameId: string, sink: FrameSink): () => void {
  const existing = win[PAGE_RECEIVER_GLOBAL];
  if (existing && typeof existing.attach === 'function') return existing.attach(frameId, sink);
  const receiver = createReceiver(win);
  win[PAGE_RECEIVER_GLOBAL] = receiver;
  return receiver.attach(frameId, sink);
}
