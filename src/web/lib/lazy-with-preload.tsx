import { type ComponentType, lazy, useEffect, useState } from "react";

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  preload(): Promise<ComponentType<P>>;
};

/** React.lazy suspends on its first render even when its code has arrived; this renders at once once preloaded. */
/** `optional`: what a page does without (toasts, dialogs) renders nothing while its code cannot be fetched, not the error screen. */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { optional?: boolean } = {},
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load may be retried (a chunk lost to a flaky network).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Kept for the instance's life: switching from Lazy to the loaded component on a later render would
    // remount it, losing its state (a chat's message being sent was aborted so).
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  function Optional(props: P) {
    const [, setLoads] = useState(0);
    useEffect(() => {
      if (loaded) return;
      let isMounted = true;
      const tryLoad = () =>
        preload().then(
          () => isMounted && setLoads((count) => count + 1),
          () => window.addEventListener("online", tryLoad, { once: true }),
        );
      void tryLoad();
      return () => {
        isMounted = false;
        window.removeEventListener("online", tryLoad);
      };
    }, []);
    const Component = loaded;
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(options.optional ? Optional : Preloadable, { preload });
}
