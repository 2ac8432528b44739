// The first-load JS budget (DESIGN.md §8, issue 13 point 6): `/` and the content detail at most
// 115 KiB of gzip-compressed script each, counted from the web build's manifest by
// first-load-js.ts (zlib's default level, so the count is the same on every machine). A step of
// `npm test` after the build runs this file and fails when a page is over the budget
// (docs/decisions/012).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs, type RouteWeight } from './first-load-js';

/** The budget per page: 115 KiB. */
export const FIRST_LOAD_BUDGET_BYTES = 115 * 1024;
/** The pages the budget holds for, by route path: the feed and the content detail. */
export const BUDGETED_PATHS = ['/', '/community/content/:contentId'];

/** One line per budgeted page over the budget (empty when all fit); a budgeted page missing from the build is a failure too. */
export function budgetFailures(rows: RouteWeight[], budget: number = FIRST_LOAD_BUDGET_BYTES): string[] {
  const failures: string[] = [];
  for (const path of BUDGETED_PATHS) {
    const row = rows.find((r) => r.path === path);
    if (!row) failures.push(`${path}: no such page in the build`);
    else if (row.gzipBytes > budget)
      failures.push(
        `${path}: ${row.gzipBytes} B of first-load JS (gzip), over the budget of ${budget} B by ${row.gzipBytes - budget} B`,
      );
  }
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await firstLoadJs(join(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/build'));
  for (const row of rows.filter((r) => BUDGETED_PATHS.includes(r.path)))
    console.log(
      `first-load JS ${row.path}: ${row.gzipBytes} B gzip (${row.files} files), budget ${FIRST_LOAD_BUDGET_BYTES} B`,
    );
  const failures = budgetFailures(rows);
  for (const failure of failures) console.error(`✖ ${failure}`);
  process.exit(failures.length > 0 ? 1 : 0);
}
