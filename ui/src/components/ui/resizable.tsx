import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { sva } from "../../../styled-system/css";

const resizable = sva({
  slots: ["root", "handle"],
  base: {
    root: { position: "relative", flexShrink: 0, display: "flex", flexDirection: "column", minW: 0, h: "full" },
    handle: {
      position: "absolute",
      top: "0",
      right: "-3px",
      bottom: "0",
      w: "6px",
      cursor: "col-resize",
      zIndex: "docked",
      touchAction: "none",
      outline: "none",
      _after: { content: '""', position: "absolute", top: "0", bottom: "0", left: "2px", w: "2px", bg: "transparent", transition: "background 0.15s" },
      _hover: { _after: { bg: "accent.default" } },
      _focusVisible: { _after: { bg: "accent.default" } },
      "&[data-dragging]": { _after: { bg: "accent.default" } },
    },
  },
});

const KEY_STEP_PX = 10;
const clamp = (v: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, v)));

/**
 * A panel whose right edge can be dragged (or moved with the arrow keys) between `min` and `max` pixels.
 * `onResize` follows the drag; `onCommit` gets the final width once, when the drag or key press ends.
 */
export function ResizablePanel(props: {
  width: number;
  min: number;
  max: number;
  onResize: (width: number) => void;
  onCommit: (width: number) => void;
  label: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const s = resizable();
  const drag = useRef<{ x: number; w: number; last: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, w: props.width, last: props.width };
    e.currentTarget.dataset.dragging = "";
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const w = clamp(drag.current.w + e.clientX - drag.current.x, props.min, props.max);
    drag.current.last = w;
    props.onResize(w);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const w = drag.current.last;
    drag.current = null;
    delete e.currentTarget.dataset.dragging;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    props.onCommit(w);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const delta = e.key === "ArrowLeft" ? -KEY_STEP_PX : e.key === "ArrowRight" ? KEY_STEP_PX : 0;
    if (!delta) return;
    e.preventDefault();
    const w = clamp(props.width + delta, props.min, props.max);
    props.onResize(w);
    props.onCommit(w);
  };

  return (
    <div className={s.root} style={{ width: props.width }} data-testid={props["data-testid"]}>
      {props.children}
      {/* biome-ignore lint/a11y/useSemanticElements: <hr> is a static thematic break; a focusable, draggable window splitter has no native element, so ARIA's splitter pattern is a div with role separator. */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={props.label}
        aria-valuenow={props.width}
        aria-valuemin={props.min}
        aria-valuemax={props.max}
        tabIndex={0}
        className={s.handle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="resize-handle"
      />
    </div>
  );
}
