/** One SMS the stand-in delivered. */
export interface StandInMessage {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  bizId: string;
  at: string;
}
export interface SmsStandIn {
  url: string;
  delivered: StandInMessage[];
  codes(phone: string): string[];
  refused(): number;
  fail(mode?: 'limit' | 'http500', times?: number): void;
  stop(): Promise<void>;
}
export const SMS_STAND_IN_KEY: { id: string; secret: string };
export function expectedSignature(method: string, params: URLSearchParams, secret: string): string;
export function startSmsStandIn(options?: {
  port?: number;
  keyId?: string;
  keySecret?: string;
}): Promise<SmsStandIn>;
