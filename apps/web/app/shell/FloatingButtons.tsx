import { FLOATING_BUTTONS_MESSAGES } from '@h5/core';
import { useCallback, useState } from 'react';
import { readStorage } from '../lib/browser-storage';
import { DOWNGRADE_STORAGE_KEY, isDowngradeOn, toggleDowngrade } from '../lib/downgrade';
import { useRootData } from '../lib/root-data';
import { loadPageBridge } from '../platform/page-bridge';
import { DraggableButton } from './DraggableButton';
import type { Point, Size } from './drag-clamp';
import { Toast } from './Toast';
import { useToast } from './use-toast';

const text = FLOATING_BUTTONS_MESSAGES;
// Default places: stacked at the right edge, a little below the middle (docked, DraggableButton):
// clear of the top bars, the bottom bars and the feed's centre line.
const copyStart = (v: Size): Point => ({ x: v.width, y: Math.round(v.height * 0.55) });
const downgradeStart = (v: Size): Point => ({ x: v.width, y: Math.round(v.height * 0.55) + 52 });

/**
 * The two draggable test helpers of spec §2 (non-production only, loaded in their own chunk):
 * copy the page link, and toggle downgrade mode.
 */
export default function FloatingButtons() {
  const [toast, showToast] = useToast();
  const runtime = useRootData()?.runtime ?? {};
  const [downgradeOn] = useState(() =>
    isDowngradeOn(location.href, readStorage('local', DOWNGRADE_STORAGE_KEY)),
  );

  const copyLink = useCallback(async () => {
    try {
      // The app's clipboard in the app (which confirms with its own toast), web APIs elsewhere
      // (downgrade mode included: the bridge is web only there).
      const bridge = await loadPageBridge(runtime);
      await bridge.copyText(location.href);
      if (!bridge.inApp) showToast(text.copySuccess);
    } catch {
      showToast(text.copyFailure);
    }
  }, [showToast, runtime]);

  return (
    <>
      <DraggableButton id="copy-link" label={text.copyLink} initial={copyStart} onActivate={copyLink} />
      <DraggableButton
        id="downgrade"
        label={downgradeOn ? text.cancelDowngrade : text.downgrade}
        initial={downgradeStart}
        onActivate={toggleDowngrade}
      />
      <Toast message={toast} />
    </>
  );
}
