import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils.ts";

/** `thumbProps` name the thumb, which the keyboard moves. */
export function Slider({
  className,
  thumbProps,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbProps?: ComponentProps<typeof SliderPrimitive.Thumb> }) {
  return (
    <SliderPrimitive.Root
      className={cn(
        "relative flex h-6 w-full touch-none items-center select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-slate-200">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        {...thumbProps}
        className={cn(
          "block size-5 cursor-grab rounded-full border-2 border-primary bg-white shadow-sm transition-colors active:cursor-grabbing",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          thumbProps?.className,
        )}
      />
    </SliderPrimitive.Root>
  );
}
