/** Marks a link whose tap opens its native screen inside the app (platform/jump-links.ts). */
export const JUMP_LINK_ATTRIBUTE = 'data-jump';
/** Marks a container (an article) whose own links of ours open their native screens in the app. */
export const JUMP_LINKS_ATTRIBUTE = 'data-jump-links';
