export { launchAppSimulator } from './app-simulator';
export { handleRequest, isKnownKind } from './handle-request';
export { idNumberProblem, isValidIdNumber, isValidRealName } from './id-number';
export { describeJump, jumpProblem } from './native-jumps';
export type { Handled, NativeState, SheetOpening, SideEffect } from './native-state';
export { NATIVE_TEXT } from './native-text';
export { buildPlatformInfo } from './platform-info';
export { DEV_SIGN_SECRET } from './server-api';
export { loginThroughServer, solveCaptchaWithDevAnswer } from './server-login';
export { sheetOutcome } from './sheet-outcomes';
export type { NativeSheetKind } from './sheet-spec';
export { CAPTCHA_FIELD } from './sheets/captcha';
export { LOGIN_FIELDS } from './sheets/login';
export type { RealNameIdentity } from './sheets/real-name';
export { SHARE_SHEET_CHANNELS } from './sheets/share';
export type {
  AppSimulator,
  AppSimulatorOptions,
  DeviceFactsOverride,
  RecordedAnswer,
  RecordedCall,
} from './types';
export { DEFAULT_SIM_APP_VERSION, inAppUserAgent, type SimPlatform } from './user-agent';
export { missingFeature, requiredFeature, sharesToChannelDirectly } from './version-gates';
