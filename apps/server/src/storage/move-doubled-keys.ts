import { and, asc, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storageObjects } from '../db/schema';
import type { S3Store } from './s3-store';

const PAGE = 500;

/** What a run of {@link moveDoubledKeys} found. */
export interface MoveReport {
  moved: number;
  inPlace: number;
  absent: number;
}

/**
 * The one-off move of issue 26 point 6: every stored object whose key starts with its bucket
 * (all app uploads) was written by earlier releases at `bucket/bucket/…`; each is copied to its
 * single-prefix path and the old one deleted. Safe to run again, and while nodes serve: a node of
 * this release reads the new path only, so an object is unreadable from the deploy until its move.
 */
export async function moveDoubledKeys(
  db: Db,
  store: Pick<S3Store, 'moveDoubled'>,
  onProgress: (report: MoveReport) => void = () => undefined,
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, inPlace: 0, absent: 0 };
  let after: { bucket: string; key: string } | null = null;
  for (;;) {
    const rows: { bucket: string; key: string }[] = await db
      .select({ bucket: storageObjects.bucket, key: storageObjects.key })
      .from(storageObjects)
      .where(
        and(
          sql`starts_with(${storageObjects.key}, ${storageObjects.bucket} || '/')`,
          after
            ? or(
                gt(storageObjects.bucket, after.bucket),
                and(sql`${storageObjects.bucket} = ${after.bucket}`, gt(storageObjects.key, after.key)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(storageObjects.bucket), asc(storageObjects.key))
      .limit(PAGE);
    for (const row of rows) {
      const outcome = await store.moveDoubled(row.bucket, row.key);
      if (outcome === 'moved') report.moved++;
      else if (outcome === 'in place') report.inPlace++;
      else report.absent++;
    }
    onProgress(report);
    if (rows.length < PAGE) return report;
    after = rows.at(-1) ?? null;
  }
}
