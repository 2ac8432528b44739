/** The debug console's colouring-environment plugin (spec strings, verbatim). */
export const DEBUG_MESSAGES = {
  chooseColouringEnv: 'please choose a colouring environment',
} as const;
