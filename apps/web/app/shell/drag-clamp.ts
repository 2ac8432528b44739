export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** Space kept free at each edge (safe-area insets plus a margin). */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/** Keeps a box of `size` with its top-left at `point` fully inside the viewport, minus insets. */
export function clampToViewport(point: Point, size: Size, viewport: Size, insets: Insets = NO_INSETS): Point {
  const maxX = viewport.width - insets.right - size.width;
  const maxY = viewport.height - insets.bottom - size.height;
  return {
    x: Math.round(Math.max(insets.left, Math.min(point.x, maxX))),
    y: Math.round(Math.max(insets.top, Math.min(point.y, maxY))),
  };
}

/**
 * The box moved to the nearer side edge (left or right of the viewport's middle), kept inside
 * vertically: a floating button docks there, off the content's middle (issue 14 point 7).
 */
export function dockToEdge(point: Point, size: Size, viewport: Size, insets: Insets = NO_INSETS): Point {
  const left = point.x + size.width / 2 < viewport.width / 2;
  const x = left ? insets.left : viewport.width - insets.right - size.width;
  return clampToViewport({ x, y: point.y }, size, viewport, insets);
}

/** How much of a tucked button stays on screen (px): about the page's side gutter, so it covers no content. */
export const TUCKED_PEEK = 12;

/**
 * A docked box slid out past its side edge so that only `peek` px of it stays on screen (the
 * resting state of a floating button: issue 14 point 7, it covers no content).
 */
export function tuckedPoint(docked: Point, size: Size, viewport: Size, peek = TUCKED_PEEK): Point {
  const left = docked.x + size.width / 2 < viewport.width / 2;
  return { x: left ? peek - size.width : viewport.width - peek, y: docked.y };
}

/** Pointer travel (px) below which a press is a tap, not a drag. */
export const DRAG_THRESHOLD = 6;

/** True once the pointer has moved far enough from where it went down to count as a drag. */
export function isDrag(start: Point, current: Point, threshold = DRAG_THRESHOLD): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) >= threshold;
}

/** A remembered position, or null when the stored text is not one. */
export function parseStoredPoint(text: string | null): Point | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (
      value !== null &&
      typeof value === 'object' &&
      Number.isFinite((value as Point).x) &&
      Number.isFinite((value as Point).y)
    ) {
      return { x: (value as Point).x, y: (value as Point).y };
    }
  } catch {
    // A corrupt entry is treated as no entry: the button goes back to its default place.
  }
  return null;
}
