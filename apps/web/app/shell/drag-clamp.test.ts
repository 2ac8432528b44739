import { describe, expect, it } from 'vitest';
import { clampToViewport, dockToEdge, isDrag, parseStoredPoint, tuckedPoint } from './drag-clamp';

const viewport = { width: 375, height: 812 };
const button = { width: 88, height: 44 };

describe('clampToViewport', () => {
  it('leaves a point inside the viewport alone', () => {
    expect(clampToViewport({ x: 100, y: 200 }, button, viewport)).toEqual({ x: 100, y: 200 });
  });

  it('pulls a box back from every edge', () => {
    expect(clampToViewport({ x: -40, y: -10 }, button, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampToViewport({ x: 370, y: 900 }, button, viewport)).toEqual({ x: 287, y: 768 });
  });

  it('respects safe-area insets', () => {
    const insets = { top: 44, right: 8, bottom: 34, left: 8 };
    expect(clampToViewport({ x: 0, y: 0 }, button, viewport, insets)).toEqual({ x: 8, y: 44 });
    expect(clampToViewport({ x: 999, y: 999 }, button, viewport, insets)).toEqual({ x: 279, y: 734 });
  });
});

describe('isDrag', () => {
  it('counts small jitter as a tap and longer travel as a drag', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 13, y: 12 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 10, y: 20 })).toBe(true);
  });
});

describe('parseStoredPoint', () => {
  it('reads a stored point and ignores anything else', () => {
    expect(parseStoredPoint('{"x":12,"y":34}')).toEqual({ x: 12, y: 34 });
    expect(parseStoredPoint('{"x":"a","y":1}')).toBeNull();
    expect(parseStoredPoint('not json')).toBeNull();
    expect(parseStoredPoint(null)).toBeNull();
  });
});

describe('dockToEdge (issue 14 point 7: the buttons sit at a side edge, not over the middle)', () => {
  const insets = { top: 44, right: 8, bottom: 34, left: 8 };
  it('moves a box whose centre is left of the middle to the left edge, keeping its height', () => {
    expect(dockToEdge({ x: 90, y: 300 }, button, viewport, insets)).toEqual({ x: 8, y: 300 });
  });

  it('moves a box right of the middle to the right edge', () => {
    expect(dockToEdge({ x: 150, y: 300 }, button, viewport, insets)).toEqual({ x: 279, y: 300 });
  });

  it('keeps it inside the viewport vertically', () => {
    expect(dockToEdge({ x: 0, y: 900 }, button, viewport, insets)).toEqual({ x: 8, y: 734 });
  });
});

describe('tuckedPoint (a resting button shows 12 px at its edge)', () => {
  it('slides a right-docked box out to the right, keeping 12 px of it on screen', () => {
    expect(tuckedPoint({ x: 287, y: 300 }, button, viewport)).toEqual({ x: 363, y: 300 });
  });

  it('slides a left-docked box out to the left', () => {
    expect(tuckedPoint({ x: 0, y: 300 }, button, viewport)).toEqual({ x: -76, y: 300 });
  });
});
