import {
  CAPTCHA_EVOKE_INTERVAL_MS,
  CAPTCHA_EVOKE_MAX_RETRIES,
  CAPTCHA_SDK_PATH,
  TELEMETRY_MESSAGES,
} from '@h5/core';

/** The browser captcha SDK's global (served by our server, see docs/api.md). */
export interface CaptchaSdk {
  evoke(options: {
    scene?: string;
    apiBaseUrl: string;
    signSecret: string;
    onSuccess: (sessionId: string) => void;
    onClose: () => void;
  }): void;
}

declare global {
  interface Window {
    H5Captcha?: CaptchaSdk;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds a script tag once per URL; rejects (and forgets the URL, so a later call retries) on error. */
export function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        script.remove();
        scripts.delete(url);
        reject(new Error(TELEMETRY_MESSAGES.scriptLoadFailed(url)));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spec §4/§9: evoking is retried up to 10 times at 1 s, because the SDK may define its global
 * after its script's load event or throw while it initialises.
 */
export async function evokeWithRetries(
  evoke: () => boolean,
  retries = CAPTCHA_EVOKE_MAX_RETRIES,
  intervalMs = CAPTCHA_EVOKE_INTERVAL_MS,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<boolean> {
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      if (evoke()) return true;
    } catch (error) {
      console.warn('captcha evoke failed', error);
    }
    if (attempt < retries) await wait(intervalMs);
  }
  return false;
}

export interface BrowserCaptchaOptions {
  apiBaseUrl: string;
  signSecret: string;
  scene?: string;
  /** Called when the SDK cannot be loaded or evoked: report and show the error page. */
  onSdkFailure: () => void;
}

/** The browser captcha of spec §4: load the SDK, evoke it, resolve with the passed session id. */
export async function passBrowserCaptcha(options: BrowserCaptchaOptions): Promise<string> {
  const failed = () => {
    options.onSdkFailure();
    return new Error(TELEMETRY_MESSAGES.captchaSdkLoadFailed);
  };
  try {
    await loadScript(`${options.apiBaseUrl}${CAPTCHA_SDK_PATH}`);
  } catch {
    throw failed();
  }
  return new Promise<string>((resolve, reject) => {
    const evoke = () => {
      const sdk = window.H5Captcha;
      if (!sdk) return false;
      sdk.evoke({
        scene: options.scene,
        apiBaseUrl: options.apiBaseUrl,
        signSecret: options.signSecret,
        onSuccess: resolve,
        onClose: () => reject(new Error('captcha closed')),
      });
      return true;
    };
    void evokeWithRetries(evoke).then((evoked) => {
      if (!evoked) reject(failed());
    });
  });
}
