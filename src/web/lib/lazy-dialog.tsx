import { type ComponentType, Suspense, useEffect, useState } from "react";
import { lazyWithPreload } from "./lazy-with-preload.tsx";
import { whenIdle } from "./when-idle.ts";

/**
 * A dialog (or side panel) whose code is not part of the page's first paint (decision 013): it
 * renders nothing until it is first opened, and its module loads once the page is idle, or at
 * that first open if the person is quicker. After the first open it stays mounted, so it closes
 * with its content and its own animation, as a dialog that was there from the start does.
 */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> } {
  // A failed load is tried again at the next open.
  const Loaded = lazyWithPreload(load);
  const { preload } = Loaded;

  function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [hasOpened, setHasOpened] = useState(open);
    if (open && !hasOpened) setHasOpened(true);
    useEffect(() => whenIdle(() => preload().catch(() => {})), []);
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
