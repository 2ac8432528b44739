/** The debug console's colouring-environment plugin, as users see it (zh-CN). */
export const DEBUG_MESSAGES = {
  chooseColouringEnv: '请选择染色环境',
} as const;

/** The same in the `en` locale: the spec's string, verbatim. */
export const DEBUG_MESSAGES_EN = {
  chooseColouringEnv: 'please choose a colouring environment',
} as const satisfies Record<keyof typeof DEBUG_MESSAGES, string>;
