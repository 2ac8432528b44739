/** The production environment name (DESIGN.md §4): debug helpers never load there. */
export const PRODUCTION_APP_ENV = 'pro';
