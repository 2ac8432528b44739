/** The activities' codes: their rows in `activities` (seeded), their pages and calls. */
export const ACTIVITY_CODES = {
  newYearAr: 'new-year-ar',
  strangeEncounters: 'strange-encounters',
  day520: '520',
  tanabata: 'tanabata',
  xinyin: 'gravity-xinyin',
} as const;
