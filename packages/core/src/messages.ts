/**
 * The message catalogue: every user-visible string of the spec, verbatim (full-width
 * punctuation included), keyed by meaning. Templated messages are functions so the
 * number or URL lands exactly where the spec puts it. Components and SDKs never hold raw text.
 */
export const MESSAGES = {
  errorPage: {
    title: 'Oops，页面开小差了，刷新试试',
    // The spec shows a refresh button without a label.
    refresh: '刷新',
  },
  placeholder: {
    empty: 'no content yet',
    networkError: 'Network is weak, please check settings and retry',
    refreshNetwork: 'refresh network',
    loading: 'loading',
  },
  floatingButtons: {
    copyLink: '复制链接',
    copySuccess: '复制成功',
    copyFailure: '复制失败',
    downgrade: '一键降级',
    cancelDowngrade: '取消降级',
  },
  /** Texts reported to telemetry (and, for render errors, the reason the error page shows). */
  telemetry: {
    renderError: '渲染错误',
    webviewCookieMissing: '客户端 Webview Cookie 缺失',
    captchaSdkLoadFailed: '加载验证码SDK失败',
    whiteScreenRisk: '白屏风险',
    scriptLoadFailed: (url: string) => `脚本加载失败，URL：${url}`,
  },
  debug: {
    chooseColouringEnv: 'please choose a colouring environment',
  },
  request: {
    /** Replaces a message that looks like HTML (a proxy or gateway error page). */
    networkError: 'network error',
    /** Shown when a failed response carries no message. */
    loadFailed: 'loading failed, please retry',
  },
  /** Generic HTTP client errors (spec §8, transport). */
  client: {
    statusCode: (status: number) => `Request failed with status code ${status}`,
    network: 'Network Error',
    timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
    aborted: 'Request aborted',
  },
  aiImage: {
    userImageRejected: 'user image failed review',
    generatedImageRejected: 'generated image failed review',
    tooFast: 'operating too fast, please try later',
    activityNotStarted: 'activity not started',
    activityEnded: 'activity ended',
    userBanned: 'user banned',
    upgradeRequired: 'please upgrade to the new version to use AI features',
  },
  upload: {
    suffixRequired: '文件名后缀必传',
    strictPictureType: '图片类型仅支持以下格式：【 .jpg .png .gif .webp 】',
    /** `suffixes` is the not-supported list as shown to the user, e.g. ' .exe .bat '. */
    unsupportedSuffix: (suffixes: string) => `不支持以下格式：【${suffixes}】`,
    clientImageTooLarge: (mb: number) => `图片质量最大支持${mb}MB，请压缩后重新上传`,
    serverImageTooLarge: (mb: number) => `服务端上传图片最大支持${mb}MB`,
    limitsTogether: '限宽和限高必须同时定义',
    limitedSideTooLarge: '图片单边最大支持30000像素',
    sideTooLarge: (px: number) => `图片支持最大宽度/高度${px}像素`,
    pixelsTooMany: (px: number) => `图片总像素不能超过${px}`,
    authGatewayBackstageCode: 'Auth网关必传参数：【backstageCode】',
    cookieEmpty: 'Cookie值为空，请检查后重新上传',
    tokenEndpointNotFound: '没有找到合适的Token接口，请联系管理员',
    monitorRequired: '务必设置监控参数 monitorName | monitorEnv | monitorUser',
    sdkNotInitialised: '应用未初始化上传SDK',
    fileRequired: '请传入文件',
    configNotInitialised: 'SDK配置未初始化',
    // The spec states these gateway rules without texts; ours follow the style of the others.
    gatewayParams: '网关必传参数：【gatewayKey】以及【cookieKey】或【gatewayValue】',
    appGatewayHeader: 'App网关仅支持以下请求头：【x-auth-token】或【duToken】',
    openGatewayObject: 'Open网关必传参数：【openObject】（clientId、sysCode、channel）',
    customGatewayToken: '自定义网关必传请求头：【duToken】',
  },
  /** Tracker registration and configuration errors: the spec says they are Chinese, not their text. */
  tracker: {
    notTrackerInstance: '埋点实例必须继承 Tracker 基类',
    nameRequired: '埋点实例必须设置 name',
    targetRequired: '埋点实例必须设置 target',
    trackRequired: '埋点实例必须实现 track 方法',
    alreadyRegistered: (name: string) => `埋点实例 ${name} 已注册，请勿重复注册`,
    configMissing: '埋点配置缺失，请检查初始化参数',
    trackUndefined: (name: string) => `埋点方法 ${name} 未定义`,
  },
} as const;
