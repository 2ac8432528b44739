import type { UpgradeView } from '@h5/contract';
import { useCallback, useRef, useState } from 'react';
import { invalidate, put } from '../../lib/data-layer/cache';
import { keyOf } from '../../lib/data-layer/entry';
import type { EntryState } from '../../lib/data-layer/use-entry';
import { UPGRADE_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { useApi } from '../../lib/use-api';

export const VIEW_KEY = keyOf('creator.upgradeView', {});

/**
 * Receiving an award: one call per award at a time (a double tap sends once); on success the
 * cached view shows the award received and the award records are invalidated, so every reader
 * shows the receipt at once; on a refusal (another tab received it, it expired) the view is
 * loaded again from the server.
 */
export function useReceiveAward(view: UpgradeView, onChanged: () => void, toast: (message: string) => void) {
  const api = useApi();
  const inFlight = useRef(new Set<number>());
  const [busy, setBusy] = useState<number | null>(null);
  const receive = useCallback(
    async (awardId: number) => {
      if (inFlight.current.has(awardId)) return;
      inFlight.current.add(awardId);
      setBusy(awardId);
      let refused = false;
      try {
        const receipt = await api('creator.awardReceive', { awardId }, { errorToast: false });
        put<EntryState<UpgradeView>>(VIEW_KEY, {
          status: 'ready',
          data: {
            ...view,
            awards: view.awards.map((a) =>
              a.awardId === awardId ? { ...a, state: 'received', receivedAt: receipt.receivedAt } : a,
            ),
          },
        });
        toast(text.receivedToast(receipt.title));
      } catch (failure) {
        refused = true;
        toast(failure instanceof Error ? failure.message : String(failure));
      } finally {
        inFlight.current.delete(awardId);
        setBusy(null);
        invalidate('creator.awardRecord');
        if (refused) invalidate('creator.upgradeView');
        onChanged();
      }
    },
    [api, view, onChanged, toast],
  );
  return { receive, busy };
}
