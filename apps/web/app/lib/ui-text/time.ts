/** The one date rule's words (lib/format-time.ts, issue 28 point 13). */
export const TIME_TEXT = {
  justNow: '刚刚',
  minutesAgo: (n: number) => `${n}分钟前`,
  hoursAgo: (n: number) => `${n}小时前`,
  yesterday: '昨天',
  daysAgo: (n: number) => `${n}天前`,
  monthDay: (month: number, day: number) => `${month}月${day}日`,
  yearMonthDay: (year: number, month: number, day: number) => `${year}年${month}月${day}日`,
} as const;
