import { type ComponentType, Suspense, startTransition, useEffect, useState } from "react";
import { lazyWithPreload } from "./lazy-with-preload.tsx";
import { whenIdle } from "./when-idle.ts";

/** After the first open it stays mounted, so that it closes with its content; `mountOnIdle` mounts it closed on idle. */
export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
  { mountOnIdle = false } = {},
): ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> } {
  // A failed load is tried again at the next open.
  const Loaded = lazyWithPreload(load, { optional: true });
  const { preload } = Loaded;

  function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [hasOpened, setHasOpened] = useState(open);
    if (open && !hasOpened) setHasOpened(true);
    useEffect(
      () =>
        whenIdle(() =>
          preload()
            .then(() => mountOnIdle && startTransition(() => setHasOpened(true)))
            .catch(() => {}),
        ),
      [],
    );
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
