// The browser's read of root data the server did not get within the prefetch limit (spec §4:
// the page renders on the client). Loaded only then, after hydration: never in first-load JS.
import { CLIENT_CONF_REF, type PublicRuntimeConfig } from '@h5/contract';
import type { LazyApi } from './api-client';
import { readStorage } from './browser-storage';
import { clientConfSettingsOf, configDataMode } from './config/client-conf';
import { browserConfigClient } from './config/config-client';
import { DOWNGRADE_STORAGE_KEY } from './downgrade';
import { type LateRootPart, lateRootData } from './root-data';

/** Reads the late parts (client-conf through the config client, the viewer) into `lateRootData`. */
export async function loadLateRootData(
  api: LazyApi,
  runtime: PublicRuntimeConfig,
  late: readonly LateRootPart[],
): Promise<void> {
  const reads: Promise<void>[] = [];
  if (late.includes('clientConf')) {
    const mode = configDataMode(location.href, readStorage('local', DOWNGRADE_STORAGE_KEY));
    const client = browserConfigClient(api, runtime.appEnv, mode);
    reads.push(
      client.get(CLIENT_CONF_REF).then((data) => {
        lateRootData.set({ ...lateRootData.get(), clientConf: clientConfSettingsOf(data) });
      }),
    );
  }
  if (late.includes('viewer')) {
    reads.push(
      api('auth.me', {}, { errorToast: false, authHandler: false }).then(
        ({ userId, userName, avatar }) =>
          lateRootData.set({ ...lateRootData.get(), viewer: { userId, userName, avatar } }),
        () => lateRootData.set({ ...lateRootData.get(), viewer: null }),
      ),
    );
  }
  await Promise.all(reads);
}
