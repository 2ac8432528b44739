import { useCallback } from 'react';
import { useRootData } from '../../lib/root-data';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { usesNativeApp } from '../../platform/app-mode';

/**
 * The publish task's button: the app's own publisher through the bridge (loaded on demand, only
 * in the app), then `onPublished` to read the progress again; outside the app there is no web
 * publisher, so a toast says where to publish. (A bridge call, not a contract write: no useAction.)
 */
export function usePublish(onPublished: () => void, toast: (message: string) => void) {
  const runtime = useRootData()?.runtime;
  return useCallback(async () => {
    if (!runtime || !usesNativeApp()) {
      toast(text.publishInApp);
      return;
    }
    try {
      const { loadPageBridge } = await import('../../platform/page-bridge');
      const result = await (await loadPageBridge(runtime)).publishTrend({});
      if (result.published) onPublished();
    } catch (error) {
      console.warn('publishTrend failed', error);
      toast(text.publishFailed);
    }
  }, [runtime, onPublished, toast]);
}
