/**
 * The mainland resident identity number (GB 11643-1999) as a real-name check validates it:
 * 6-digit region (a known province), 8-digit birth date (a real, past day), 3-digit sequence and
 * a check character (ISO 7064 MOD 11-2: weighted sum of the first 17 digits, `10X98765432`).
 */

const ID_PATTERN = /^\d{17}[\dX]$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';
/** Province-level region codes (the first two digits); 71/81/82/83 are Taiwan, Hong Kong, Macao. */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82, 83,
]);
const EARLIEST_BIRTH_YEAR = 1900;

export type IdNumberProblem = 'format' | 'region' | 'birthDate' | 'checksum';

/** The check character of the first 17 digits. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

function isRealPastDay(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= EARLIEST_BIRTH_YEAR && date.getTime() <= today.getTime();
}

/** What is wrong with an ID number, or null when it is valid (a lowercase x is accepted). */
export function idNumberProblem(input: string, today: Date = new Date()): IdNumberProblem | null {
  const id = input.trim().toUpperCase();
  if (!ID_PATTERN.test(id)) return 'format';
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return 'region';
  if (!isRealPastDay(id.slice(6, 14), today)) return 'birthDate';
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return 'checksum';
  return null;
}

/** True for a valid 18-character resident ID number. */
export function isValidIdNumber(input: string, today?: Date): boolean {
  return idNumberProblem(input, today) === null;
}

const NAME_PATTERN = /^(?:[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*|[A-Za-z]+(?: [A-Za-z]+)*)$/;

/** A real name as ID cards print it: 2–30 Chinese characters (with `·` between parts) or Latin words. */
export function isValidRealName(input: string): boolean {
  const name = input.trim();
  return name.length >= 2 && name.length <= 30 && NAME_PATTERN.test(name);
}
