import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from '../lib/browser-storage';
import { clampToViewport, dockToEdge, isDrag, type Point, parseStoredPoint, type Size } from './drag-clamp';

// Flush with the side edges (docked), clear of the top and bottom ones.
const EDGE = { top: 8, right: 0, bottom: 8, left: 0 };
const storageKey = (id: string) => `h5:floating-button:${id}`;

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
 * A floating button docked at a side edge of the screen (issue 14 point 7: not over the content's
 * middle). It can be dragged anywhere; let go, it docks at the nearer side edge at that height.
 * Its place is remembered for the session. Releasing a drag does not count as a click.
 */
export function DraggableButton({ id, label, initial, onActivate }: Props) {
  const ref = useRef<HTMLButtonElement>(null);
  const [position, setPosition] = useState<Point | null>(null);
  const drag = useRef<{ pointer: Point; origin: Point; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    const place = () => {
      const element = ref.current;
      if (!element) return;
      const size = { width: element.offsetWidth, height: element.offsetHeight };
      const wanted = parseStoredPoint(readStorage('session', storageKey(id))) ?? initial(viewport());
      setPosition(dockToEdge(wanted, size, viewport(), EDGE));
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
    if (!state) return;
    const pointer = { x: event.clientX, y: event.clientY };
    if (!state.moved && !isDrag(state.pointer, pointer)) return;
    state.moved = true;
    const size = { width: event.currentTarget.offsetWidth, height: event.currentTarget.offsetHeight };
    const next = {
      x: state.origin.x + pointer.x - state.pointer.x,
      y: state.origin.y + pointer.y - state.pointer.y,
    };
    setPosition(clampToViewport(next, size, viewport(), EDGE));
  };

  const endDrag = () => {
    const state = drag.current;
    drag.current = null;
    const element = ref.current;
    if (!state?.moved || !position || !element) return;
    suppressClick.current = true;
    const size = { width: element.offsetWidth, height: element.offsetHeight };
    const docked = dockToEdge(position, size, viewport(), EDGE);
    setPosition(docked);
    writeStorage('session', storageKey(id), JSON.stringify(docked));
  };

  // The side it is docked at, for its shape (flat against the edge, floating.css).
  const edge = position && position.x <= EDGE.left ? 'left' : 'right';

  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onActivate();
  };

  return (
    <button
      ref={ref}
      type="button"
      className="h5-float-button"
      data-testid={`floating-${id}`}
      data-ready={position ? 'true' : 'false'}
      data-edge={edge}
      style={position ? { transform: `translate3d(${position.x}px, ${position.y}px, 0)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
