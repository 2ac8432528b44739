import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { TASKS_TEXT as text } from '../../lib/ui-text/invite-tasks';
import { usesNativeApp } from '../../platform/app-mode';

/** The web publisher's path (login only: a visitor goes to the login and comes back). */
export const PUBLISH_PATH = '/community/publish';

/**
 * The publish buttons (a task, one's empty home, the feed's 发布): in the app, the app's own
 * publisher through the bridge (loaded on demand), then `onPublished` to read the page again;
 * in a browser, the web publisher (issue 32 point 1). (A bridge call, not a contract write: no useAction.)
 */
export function usePublish(onPublished: () => void, toast: (message: string) => void) {
  const runtime = useRootData()?.runtime;
  const navigate = useNavigate();
  return useCallback(async () => {
    if (!runtime || !usesNativeApp()) {
      navigate(PUBLISH_PATH);
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
  }, [runtime, navigate, onPublished, toast]);
}
