import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { type AuditAction, OPERATOR_ROLES, type OperatorRole, operatorNameSchema } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { migrate } from './db/migrate';
import { operators } from './db/schema';
import {
  generatePassword,
  generateTotpSecret,
  hashPassword,
  insertOperator,
  listOperators,
  OPERATOR_MIN_PASSWORD,
  operatorNamed,
  totpOf,
} from './domains/backstage/accounts';
import { type AuditActor, recordAudit } from './domains/backstage/audit';
import { consoleDatabaseLog, loadEnv, openDatabaseOf } from './start-up';

const USAGE = `npm run operator -- <command>
  add <name> --role <${OPERATOR_ROLES.join('|')}> [--totp] [--password-stdin]
  passwd <name> [--password-stdin]     a new password (printed once unless read from stdin)
  totp <name> [--off]                  a new second factor (or none)
  disable <name> | enable <name> | unlock <name>
  list
Add --json for machine-readable output. No account has a default password: a generated one is
printed once; --password-stdin reads one (at least ${OPERATOR_MIN_PASSWORD} characters) instead.`;

class UsageError extends Error {}

async function readPassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (!fromStdin) return { password: generatePassword(), generated: true };
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < OPERATOR_MIN_PASSWORD)
    throw new UsageError(`password: at least ${OPERATOR_MIN_PASSWORD} characters`);
  return { password, generated: false };
}

/** The command line's actor in the audit log: the machine's user, no address. */
const cliActor = (): AuditActor => ({
  operator: { operatorId: null, name: `cli:${userInfo().username}`.slice(0, 32) },
  address: 'command line',
});

async function run(db: Db, argv: string[]): Promise<Record<string, unknown>> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      totp: { type: 'boolean', default: false },
      off: { type: 'boolean', default: false },
      'password-stdin': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const [command, rawName] = positionals;
  if (command === 'list') return { operators: await listOperators(db) };
  const name = operatorNameSchema.safeParse(rawName);
  if (!name.success) throw new UsageError(`name: ${name.error.issues[0]?.message ?? 'missing'}`);
  const actor = cliActor();
  if (command === 'add') {
    const role = values.role as OperatorRole | undefined;
    if (!role || !OPERATOR_ROLES.includes(role))
      throw new UsageError(`--role: one of ${OPERATOR_ROLES.join(', ')}`);
    const { password, generated } = await readPassword(values['password-stdin']);
    const totpSecret = values.totp ? generateTotpSecret() : null;
    const created = await db.transaction(async (tx) => {
      const row = await insertOperator(tx, { name: name.data, role, password, totpSecret });
      if (!row) throw new UsageError(`name: ${name.data} is taken`);
      await recordAudit(tx, actor, {
        action: 'operator.create',
        objectType: 'operator',
        objectId: row.operatorId,
        after: row,
      });
      return row;
    });
    return {
      ...created,
      ...(generated ? { password } : {}),
      ...(totpSecret ? { totpSecret, totpUri: totpOf(name.data, totpSecret).toString() } : {}),
    };
  }
  const account = await operatorNamed(db, name.data);
  if (!account) throw new UsageError(`name: no operator ${name.data}`);
  const change = async (
    action: AuditAction,
    set: Partial<typeof operators.$inferInsert>,
    shown: Record<string, unknown>,
  ) => {
    await db.transaction(async (tx) => {
      await tx.update(operators).set(set).where(eq(operators.id, account.id));
      await recordAudit(tx, actor, { action, objectType: 'operator', objectId: account.id, after: shown });
    });
  };
  switch (command) {
    case 'passwd': {
      const { password, generated } = await readPassword(values['password-stdin']);
      await change(
        'operator.password',
        { passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: null },
        {},
      );
      return { name: account.name, ...(generated ? { password } : {}) };
    }
    case 'totp': {
      const totpSecret = values.off ? null : generateTotpSecret();
      await change('operator.totp', { totpSecret, totpLastStep: null }, { totp: totpSecret !== null });
      return totpSecret
        ? { name: account.name, totpSecret, totpUri: totpOf(account.name, totpSecret).toString() }
        : { name: account.name, totp: false };
    }
    case 'disable':
    case 'enable':
      await change(
        `operator.${command}`,
        { disabled: command === 'disable' },
        { disabled: command === 'disable' },
      );
      return { name: account.name, disabled: command === 'disable' };
    case 'unlock':
      await change('operator.unlock', { failedLogins: 0, lockedUntil: null }, {});
      return { name: account.name, unlocked: true };
    default:
      throw new UsageError(`unknown command ${command ?? '(none)'}`);
  }
}

/** `npm run operator` (issue 30 point 1): operator accounts are made and changed here, never in a page. */
async function main() {
  const argv = process.argv.slice(2);
  const database = await openDatabaseOf({ ...loadEnv(), DATABASE_READ_URL: undefined }, consoleDatabaseLog);
  try {
    // The accounts' tables may be newer than the database: migrate as a node would, under the lock.
    await database.exclusive(() => migrate(database));
    const result = await run(database.db, argv);
    if (argv.includes('--json')) console.info(JSON.stringify(result));
    else
      for (const [key, value] of Object.entries(result))
        console.info(`${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
