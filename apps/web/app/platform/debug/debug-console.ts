import VConsole from 'vconsole';
import type { LazyApi } from '../../lib/api-client';
import { createColouringPlugin } from './colouring-plugin';
import { createPlatformPlugin } from './platform-plugin';

let instance: VConsole | undefined;

/** Opens vConsole once per page with the colouring and platform plugins (its own chunk; see platform/boot.ts). */
export function openDebugConsole(api: LazyApi): VConsole {
  if (instance) return instance;
  instance = new VConsole({ theme: 'light' });
  instance.addPlugin(createColouringPlugin(VConsole, api));
  instance.addPlugin(createPlatformPlugin(VConsole));
  return instance;
}
