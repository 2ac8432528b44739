import { describe, expect, it } from 'vitest';
import { readPageQuery } from './page-query';

describe('readPageQuery', () => {
  it('reads every parameter of spec §2 at once', () => {
    expect(
      readPageQuery(
        '?debug=1&streamId=s9&streamLogId=l3&userRole=1&openTestHelper=1&cancelDelay=1&downgrade_to_export=1',
      ),
    ).toEqual({
      debug: true,
      streamId: 's9',
      streamLogId: 'l3',
      isHost: true,
      openTestHelper: true,
      cancelDelay: true,
      downgrade: true,
    });
  });

  it('is all off for an empty search; debug needs exactly 1, userRole exactly 1', () => {
    const query = readPageQuery('?debug=true&userRole=2');
    expect(query).toMatchObject({ debug: false, isHost: false, openTestHelper: false, downgrade: false });
  });
});
