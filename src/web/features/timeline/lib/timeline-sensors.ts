import { PointerSensor, type PointerSensorOptions, TouchSensor, type TouchSensorOptions } from "@dnd-kit/core";
import type { PointerEvent as ReactPointerEvent, TouchEvent as ReactTouchEvent } from "react";
import { isInReadOnlyArea } from "../../../lib/online.ts";

/** A block's own button and handles start a drag; any other control (a dialog's, a link) keeps its click. */
function startsOnControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (isInReadOnlyArea(target)) return true;
  const control = target.closest("button, a, input, select, textarea, [role='button']");
  return control !== null && !control.hasAttribute("data-timeline-grab");
}

/** Touch is left to the touch sensor, so that the two never both start. */
export class TimelinePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) => {
        const { nativeEvent } = event;
        if (nativeEvent.pointerType === "touch" || startsOnControl(nativeEvent.target)) return false;
        if (!nativeEvent.isPrimary || nativeEvent.button !== 0) return false;
        options.onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}

/** Press and hold, so that a plain swipe still scrolls the grid. */
export class TimelineTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: "onTouchStart" as const,
      handler: (event: ReactTouchEvent, options: TouchSensorOptions) => {
        const { nativeEvent } = event;
        if (startsOnControl(nativeEvent.target) || nativeEvent.touches.length > 1) return false;
        options.onActivation?.({ event: nativeEvent });
        return true;
      },
    },
  ];
}
