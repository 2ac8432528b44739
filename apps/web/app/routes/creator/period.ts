import { DATA_CENTER_PERIODS, type DataCenterPeriod } from '@h5/contract';

/** The `?period=` of a data centre URL: 7, 30 or 90 days (7 for anything else). */
export function periodOf(search: URLSearchParams): DataCenterPeriod {
  const asked = Number(search.get('period'));
  return (DATA_CENTER_PERIODS as readonly number[]).includes(asked) ? (asked as DataCenterPeriod) : 7;
}

/** A change against the previous period as shown: `+12.5%`, `-3%`, 持平, or none without a previous period. */
export function changeOf(change: number | null): { trend: 'up' | 'down' | 'flat' | 'none'; percent: string } {
  if (change === null) return { trend: 'none', percent: '' };
  if (Math.abs(change) < 0.0005) return { trend: 'flat', percent: '' };
  const percent = `${Math.abs(change * 100).toFixed(Math.abs(change) < 0.1 ? 1 : 0)}%`;
  return { trend: change > 0 ? 'up' : 'down', percent };
}
