import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import type { HeroTheme } from './ActivityShell';

export interface ActivityPage {
  /** The activity's row in `activities`. */
  code: string;
  text: { lead: string; rules: readonly string[] };
  theme: HeroTheme;
  /** The 520 AI image instead of the plain join card. */
  aiImage?: true;
  /** What a logged-in user does on the page (issue 32 point 5), instead of the plain join card. */
  actions?: 'encounter' | 'tanabata' | 'xinyin';
}

const pages = ACTIVITY_TEXT.pages;

/** The h5-sociality activity pages by their path under /h5-sociality/ (spec §2's four). */
export const ACTIVITY_PAGES: Readonly<Record<string, ActivityPage>> = {
  'strange-encounters': {
    code: 'strange-encounters',
    text: pages.strangeEncounters,
    theme: 'rose',
    actions: 'encounter',
  },
  '520': { code: '520', text: pages.ai520, theme: 'rose', aiImage: true },
  tanabata: { code: 'tanabata', text: pages.tanabata, theme: 'night', actions: 'tanabata' },
  'gravity/xinyin': { code: 'gravity-xinyin', text: pages.xinyin, theme: 'teal', actions: 'xinyin' },
};
