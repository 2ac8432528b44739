import type { AppLoadContext } from 'react-router';
import { dataOf, prefetch } from '../../lib/prefetch.server';

/** Every activity page's loader: its window (null when the prefetch ran late: the browser loads it). */
export async function loadActivity(context: AppLoadContext, code: string) {
  return { code, window: dataOf(await prefetch(context, 'activity.activityWindow', { code })) };
}
