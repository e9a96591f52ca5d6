import { PointerSensor, type PointerSensorOptions, TouchSensor, type TouchSensorOptions, useSensor, useSensors } from "@dnd-kit/core";
import type { PointerEvent as ReactPointerEvent, TouchEvent as ReactTouchEvent } from "react";
import { isInReadOnlyArea } from "./online.ts";

/** A drag handle (data-drag-handle) starts a drag; any other control (a dialog's, a link) keeps its click. */
function startsOnControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (isInReadOnlyArea(target)) return true;
  const control = target.closest("button, a, input, select, textarea, [role='button']");
  return control !== null && !control.hasAttribute("data-drag-handle");
}

/** Touch is left to DragTouchSensor, so that the two never both start. */
export class DragPointerSensor extends PointerSensor {
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

/** Press and hold, so that a plain swipe still scrolls. */
export class DragTouchSensor extends TouchSensor {
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

// Constant options keep the sensors, and so dnd-kit's context, the same object: a new one re-renders every draggable.
const POINTER_OPTIONS: PointerSensorOptions = { activationConstraint: { distance: 6 } };
const TOUCH_OPTIONS: TouchSensorOptions = { activationConstraint: { delay: 200, tolerance: 8 } };

/** The board's and the Timeline's pointer and touch sensors, with any of their own after them. */
export function useDragSensors(...others: Parameters<typeof useSensors>) {
  return useSensors(useSensor(DragPointerSensor, POINTER_OPTIONS), useSensor(DragTouchSensor, TOUCH_OPTIONS), ...others);
}
