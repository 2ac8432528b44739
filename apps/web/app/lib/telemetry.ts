import type { TelemetryKind } from '@h5/contract';
import type { LazyApi } from './api-client';

/**
 * Reports a page-level problem (spec §8) to the telemetry collector, with the device's anonymous
 * id, client id and release; never throws.
 */
export async function reportTelemetry(
  api: LazyApi,
  report: { kind: TelemetryKind; message: string; detail?: string },
): Promise<void> {
  try {
    // Lazily, like the client itself: the root's error boundary reports too (first-load JS).
    const { clientFields } = await import('./client-identity');
    await api(
      'analytics.reportTelemetry',
      {
        ...clientFields(),
        ...report,
        pageUrl: typeof location === 'undefined' ? '' : location.href.slice(0, 2000),
        detail: report.detail?.slice(0, 4000),
      },
      { errorToast: false },
    );
  } catch (error) {
    // Telemetry must not break the page; leave a trace for the console.
    console.warn('telemetry report failed', error);
  }
}
