// Issue 15 point 1: who the seeded users are, for the creators' fans portraits. Derived from the
// user id alone (no draw from the seed's random stream, so every other seeded row stays as it was).

/** The demo creator's phone: log in with it (the dev outbox shows the code) to see a data centre. */
export const DEMO_CREATOR_PHONE = '13800000015';
/** The seeded user the demo phone belongs to: a creator with 90 days of history. */
export const DEMO_CREATOR_ID = 1;

// Province names of the national division (@vant/area-data), as the profile page gives them.
const REGIONS = [
  '广东省',
  '上海市',
  '北京市',
  '浙江省',
  '江苏省',
  '四川省',
  '湖北省',
  '福建省',
  '山东省',
  '河南省',
  '湖南省',
  '陕西省',
  '重庆市',
  '天津市',
];

/** A small integer hash (xorshift-multiply): the same id and salt give the same value everywhere. */
function hash(id: number, salt: number): number {
  let h = Math.imul(id ^ (salt * 0x9e3779b9), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export interface SeedPortrait {
  gender: number | null;
  birthYear: number | null;
  region: string | null;
}

/** A seeded user's gender (1 male, 2 female), birth year (1966–2009) and region; some left unsaid. */
export function portraitOf(id: number): SeedPortrait {
  const g = hash(id, 1) % 20;
  const age = hash(id, 2);
  const r = hash(id, 3);
  return {
    gender: g < 11 ? 1 : g < 19 ? 2 : null,
    // Mostly 18–35 years old: the sum of two draws peaks in the middle.
    birthYear: age % 15 === 0 ? null : 1966 + (age % 23) + ((age >>> 8) % 22),
    region: r % 17 === 0 ? null : (REGIONS[(r % 7) + ((r >>> 8) % 8)] as string),
  };
}
