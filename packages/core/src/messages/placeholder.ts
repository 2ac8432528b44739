import { PLACEHOLDER_LOADING } from './placeholder-loading';

/** The empty / network-error / loading placeholder, as users see it (zh-CN). */
export const PLACEHOLDER_MESSAGES = {
  empty: '暂无内容',
  networkError: '网络不给力，请检查网络设置后重试',
  refreshNetwork: '刷新网络',
  loading: PLACEHOLDER_LOADING,
} as const;

/** The same in the `en` locale: the spec's strings, verbatim. */
export const PLACEHOLDER_MESSAGES_EN = {
  empty: 'no content yet',
  networkError: 'Network is weak, please check settings and retry',
  refreshNetwork: 'refresh network',
  loading: 'loading',
} as const satisfies Record<keyof typeof PLACEHOLDER_MESSAGES, string>;
