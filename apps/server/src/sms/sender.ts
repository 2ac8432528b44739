import type { Db } from '../db/client';
import { smsDeliveries } from '../db/schema';
import type { Env } from '../env';
import { createAliyunSender } from './aliyun';
import { createOutboxSender } from './outbox';
import type { SmsMessage, SmsResult, SmsSender } from './types';

export type { SmsMessage, SmsPurpose, SmsResult, SmsSender } from './types';

/** The sender SMS_DRIVER names: the development outbox or Aliyun SMS. */
export function createSmsSender(db: Db, env: Env): SmsSender {
  return env.SMS_DRIVER === 'aliyun' ? createAliyunSender(env) : createOutboxSender(db);
}

/** Sends through `sender` and records the result in sms_deliveries (never the code itself). */
export async function deliverCode(db: Db, sender: SmsSender, message: SmsMessage): Promise<SmsResult> {
  const result = await sender.send(message);
  await db.insert(smsDeliveries).values({
    phone: message.phone,
    purpose: message.purpose,
    driver: sender.driver,
    status: result.ok ? 'ok' : 'failed',
    providerId: result.ok ? result.providerId : null,
    errorCode: result.ok ? null : result.errorCode.slice(0, 64),
  });
  return result;
}
