import type { PublicRuntimeConfig } from '@h5/contract';
import { createApiClient } from '@h5/request';
import type { LazyApi } from '../lib/api-client';
import { reportTelemetry } from '../lib/telemetry';
import { loadEndpoint } from './contract-domains';
import { loadPageBridge, setBridgeReporter } from './page-bridge';
import { createRequestHooks, type Report } from './request-hooks';

/**
 * The browser API client's heavy half, one lazily loaded chunk: the HTTP client, the page's
 * request hooks, and the contract's domains (zod), each loaded with its domain's first call.
 * `api` is the LazyApi it serves, for telemetry.
 */
export function createBrowserClient(runtime: PublicRuntimeConfig, api: LazyApi) {
  // Telemetry goes through this same client (without toasts, see reportTelemetry).
  const report: Report = (r) => void reportTelemetry(api, r);
  setBridgeReporter((kind, message) => report({ kind, message }));
  const call = createApiClient({
    baseUrl: runtime.apiBaseUrl,
    signSecret: runtime.signSecret,
    ...createRequestHooks(runtime, report, () => loadPageBridge(runtime)),
  });
  return { loadEndpoint, call };
}
