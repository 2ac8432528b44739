/**
 * Product card labels (an article's product cards), apart from the detail's own labels: the
 * article loads in its own chunk and would otherwise split the detail's labels into a third one
 * (first-load JS budget, DESIGN.md §8).
 */
export const PRODUCT_TEXT = {
  newProduct: '新品',
  want: '想要',
  wanted: '已想要',
  raters: (count: string) => `${count}人评分`,
  /** dpInfo.number 0: no shoe evaluation yet. */
  noRating: '暂无评分',
  /** A price in fen as yuan: ¥1299, ¥12.50. */
  price: (fen: number) => `¥${(fen / 100).toFixed(fen % 100 === 0 ? 0 : 2)}`,
  /** The product header's label for the brand. */
  brand: '品牌',
} as const;
