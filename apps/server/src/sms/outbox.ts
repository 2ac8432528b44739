import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';
import type { SmsSender } from './types';

/** The development outbox (SMS_DRIVER=outbox, never in pro): codes land in sms_outbox, read by auth.loginOutbox. */
export function createOutboxSender(db: Db): SmsSender {
  return {
    driver: 'outbox',
    async send({ phone, code }) {
      const [row] = await db.insert(smsOutbox).values({ phone, code }).returning({ id: smsOutbox.id });
      return { ok: true, providerId: `outbox-${row?.id}` };
    },
  };
}
