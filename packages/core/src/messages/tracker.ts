/** Tracker registration and configuration errors: the spec says they are Chinese, not their text. */
export const TRACKER_MESSAGES = {
  notTrackerInstance: '埋点实例必须继承 Tracker 基类',
  nameRequired: '埋点实例必须设置 name',
  targetRequired: '埋点实例必须设置 target',
  trackRequired: '埋点实例必须实现 track 方法',
  alreadyRegistered: (name: string) => `埋点实例 ${name} 已注册，请勿重复注册`,
  configMissing: '埋点配置缺失，请检查初始化参数',
  trackUndefined: (name: string) => `埋点方法 ${name} 未定义`,
} as const;
