import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

const withCode = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('isDatabaseUnavailable: which failures answer 503', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'both addresses refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
    ],
    [
      'admin shutdown',
      withCode('terminating connection due to administrator command', '57P01', { severity: 'FATAL' }),
    ],
    [
      'crash shutdown',
      withCode('terminating connection because of crash of another server process', '57P02'),
    ],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['connection failure', withCode('connection failure', '08006')],
    ['disk full', withCode('could not extend file', '53100', { severity: 'ERROR' })],
    ['I/O error', withCode('could not read block 6 in file "base/5/2691": I/O error', '58030')],
    ['PGlite PANIC', withCode('could not write to log file', '58030', { severity: 'PANIC' })],
    ['socket closed', new Error('Connection terminated unexpectedly')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    ['dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['closing pool', new Error('Cannot use a pool after calling end on the pool')],
    ['our own guard', new DatabaseUnavailableError('reopening')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET'))],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'unique violation',
      withCode('duplicate key value violates unique constraint', '23505', { severity: 'ERROR' }),
    ],
    ['bad input', withCode('invalid input syntax for type integer', '22P02', { severity: 'ERROR' })],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['wrapped bug', new DrizzleQueryError('select 1', [], withCode('syntax error', '42601'))],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
