/**
 * 打开 App (issue 28 point 12): the banner of the feed and the content detail in a browser, and a
 * product page's ways into the app. Labels the specification does not write.
 */
export const OPEN_APP_TEXT = {
  open: '打开 App',
  banner: '打开 App',
  appName: '社区 App',
  pitch: '好物穿搭，App 内看更多',
  close: '关闭',
  /** WeChat's browser opens no app link: its menu does, through another browser. */
  wechatHint: '点击右上角「…」，选择「在浏览器打开」，即可打开 App',
  wechatHintClose: '知道了',
  buy: 'App 内购买',
  buyNote: '价格以 App 内为准',
  price: '参考价',
} as const;
