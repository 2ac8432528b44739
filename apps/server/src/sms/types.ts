// The SMS sender's shapes, apart from the adapters that implement them (no import cycle).

/** Why a code is sent: the web login or the invitation's sign-up. */
export type SmsPurpose = 'login' | 'invite';

/** One code to one phone. */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

/** What the provider answered: accepted with its id, or refused / unreachable with an error code. */
export type SmsResult = { ok: true; providerId: string } | { ok: false; errorCode: string };

/** Delivers a code by SMS; never throws (a failure is a result). */
export interface SmsSender {
  readonly driver: 'outbox' | 'aliyun';
  send(message: SmsMessage): Promise<SmsResult>;
}
