/**
 * The development stand-ins of outside pages the spec does not name (internal pages, never in
 * production, where start-up refuses without the real addresses: README's configuration).
 */
export const STAND_IN_TEXT = {
  'app-download': {
    title: '下载社区 App',
    body: '这里是开发环境的应用商店替身：正式环境中，未安装 App 时「打开 App」会前往配置的应用商店页面下载。',
  },
  'flexible-staffing-sign': {
    title: '灵活用工签约',
    body: '这里是开发环境的签约页替身：正式环境中，「去签约」会打开配置的服务商签约页面，签约结果由服务商回传。',
  },
  back: '回到首页',
  /** The stand-in sign page's button: the provider's signed callback, then back to the upgrade page. */
  sign: '同意并签约',
  /** …and the way back without signing. */
  later: '暂不签约，返回',
  signFailed: '签约失败，请稍后重试',
} as const;

export type StandInPage = Exclude<keyof typeof STAND_IN_TEXT, 'back' | 'sign' | 'signFailed' | 'later'>;
