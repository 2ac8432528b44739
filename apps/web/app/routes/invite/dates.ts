/**
 * A moment as the day it was in China (the server counts days in China time, UTC+8): `11月27日`,
 * with the year `2026年11月27日`. The same text on the server and in any browser's time zone.
 */
export const chinaDay = (iso: string, withYear = false): string =>
  new Date(iso).toLocaleDateString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'long',
    day: 'numeric',
  });
