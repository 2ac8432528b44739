import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../lib/browser-storage';
import {
  clampToViewport,
  dockToEdge,
  isDrag,
  type Point,
  parseStoredPoint,
  type Size,
  tuckedPoint,
} from './drag-clamp';

// Flush with the side edges (docked), clear of the top and bottom ones.
const EDGE = { top: 8, right: 0, bottom: 8, left: 0 };
const storageKey = (id: string) => `h5:floating-button:${id}`;
/** How long a button stays out after a tap, a drag or focus before it tucks back (ms). */
const OUT_MS = 4000;

function viewport(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

interface Props {
  id: string;
  label: string;
  /** Where the button starts when no position is remembered, from the viewport size. */
  initial: (viewport: Size) => Point;
  onActivate: () => void;
}

/**
 * A floating button docked at a side edge of the screen (issue 14 point 7: it covers no content).
 * At rest it is tucked: slid past the edge with a 12 px grip showing, about the page's gutter.
 * A tap (or keyboard focus) brings it out with its label; a tap on it then acts. It tucks back
 * a few seconds later. It can be dragged anywhere; let go, it docks at the nearer side edge at
 * that height. Its place is remembered for the session. Releasing a drag does not count as a tap.
 */
export function DraggableButton({ id, label, initial, onActivate }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState<Point | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const drag = useRef<{ pointer: Point; origin: Point; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const [out, setOut] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Moves animate only once it has been drawn in place (not from the corner it starts at).
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!position || settled) return;
    const frame = requestAnimationFrame(() => setSettled(true));
    return () => cancelAnimationFrame(frame);
  }, [position, settled]);
  const tuckTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Out now, tucked back OUT_MS later (each call restarts the wait).
  const bringOut = useCallback(() => {
    setOut(true);
    clearTimeout(tuckTimer.current);
    tuckTimer.current = setTimeout(() => setOut(false), OUT_MS);
  }, []);
  useEffect(() => () => clearTimeout(tuckTimer.current), []);

  useEffect(() => {
    const place = () => {
      const element = ref.current;
      if (!element) return;
      const measured = { width: element.offsetWidth, height: element.offsetHeight };
      const wanted = parseStoredPoint(readStorage('session', storageKey(id))) ?? initial(viewport());
      setSize(measured);
      setPosition(dockToEdge(wanted, measured, viewport(), EDGE));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [id, initial]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!position || event.button !== 0) return;
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, origin: position, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || !size) return;
    const pointer = { x: event.clientX, y: event.clientY };
    if (!state.moved && !isDrag(state.pointer, pointer)) return;
    // Out while dragged: each move restarts the wait, so a long drag does not tuck it.
    bringOut();
    state.moved = true;
    setDragging(true);
    const next = {
      x: state.origin.x + pointer.x - state.pointer.x,
      y: state.origin.y + pointer.y - state.pointer.y,
    };
    setPosition(clampToViewport(next, size, viewport(), EDGE));
  };

  const endDrag = () => {
    const state = drag.current;
    drag.current = null;
    setDragging(false);
    if (!state?.moved || !position || !size) return;
    suppressClick.current = true;
    const docked = dockToEdge(position, size, viewport(), EDGE);
    setPosition(docked);
    writeStorage('session', storageKey(id), JSON.stringify(docked));
    bringOut();
  };

  // The side it is docked at, for its shape (flat against the edge, floating.css).
  const edge = position && position.x <= EDGE.left ? 'left' : 'right';

  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const wasOut = out;
    bringOut();
    if (wasOut) onActivate();
  };

  // Drawn where it rests: tucked past its edge unless out.
  const shown = position && size && !out ? tuckedPoint(position, size, viewport()) : position;

  return (
    <button
      ref={ref}
      type="button"
      className="h5-float-button"
      data-testid={`floating-${id}`}
      data-ready={position ? 'true' : 'false'}
      data-edge={edge}
      data-out={out ? 'true' : 'false'}
      data-dragging={dragging ? 'true' : undefined}
      data-settled={settled ? 'true' : undefined}
      style={shown ? { transform: `translate3d(${shown.x}px, ${shown.y}px, 0)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onClick={onClick}
      onFocus={(event) => {
        // Keyboard focus brings it out; the focus a tap gives does not (the tap itself decides).
        if (event.currentTarget.matches(':focus-visible')) bringOut();
      }}
    >
      {label}
    </button>
  );
}
