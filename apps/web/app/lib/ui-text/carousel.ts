/**
 * Image carousel labels, apart from the detail's own labels: the carousel loads in its own chunk
 * and would otherwise split the detail's labels into a third one (first-load JS budget, DESIGN.md §8).
 */
export const CAROUSEL_TEXT = {
  imageOf: (index: number, total: number) => `第 ${index} 张，共 ${total} 张`,
  openImage: '查看大图',
} as const;
