/** The box of an element as `getBoundingClientRect` gives it. */
export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** The share (0–1) of `box` inside a `width` × `height` viewport; 0 for an empty box. */
export function visibleRatio(box: Box, width: number, height: number): number {
  const area = (box.right - box.left) * (box.bottom - box.top);
  if (!(area > 0)) return 0;
  const w = Math.min(box.right, width) - Math.max(box.left, 0);
  const h = Math.min(box.bottom, height) - Math.max(box.top, 0);
  return w > 0 && h > 0 ? (w * h) / area : 0;
}
