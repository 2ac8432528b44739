import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riskCounters } from '../db/schema';
import { testDatabase } from '../test-utils/database';
import { RateCounters, rateRule } from './rate-limit';

describe('rate counters', () => {
  it('never answer a wait longer than the window, even for a window a concurrent call opened after this one began', async () => {
    const { db } = await testDatabase();
    const rule = rateRule('test-future-window', 10, 900);
    const subject = `ip:future-${Date.now()}`;
    // What a concurrent transaction that started later leaves behind: a window start after our now().
    await db.insert(riskCounters).values({
      rule: rule.name,
      subject,
      windowStart: sql`now() + interval '2 seconds'`,
      hits: 1,
    });
    const [count] = await new RateCounters(db).add([{ rule, subject }]);
    expect(count?.hits).toBe(2);
    expect(count?.retryAfterSeconds).toBe(900);
  });
});
