/** Upload SDK errors (spec strings, verbatim). */
export const UPLOAD_MESSAGES = {
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
} as const;
