/**
 * The upgrade programme's level names by level (issue 15 point 2; ours, the spec gives none): the
 * server's rules name their levels with them and the upgrade page names an award's level.
 */
export const CREATOR_LEVEL_TITLES = ['新手创作者', '成长创作者', '优质创作者', '星级创作者'] as const;
