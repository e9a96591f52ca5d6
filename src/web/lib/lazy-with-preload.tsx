import { type ComponentType, lazy } from "react";

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the component's code (once); resolves when it is ready. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * React.lazy that can be loaded ahead of its first render. Once loaded, the component renders
 * at once instead of suspending for a turn (React.lazy suspends on its first render even when its
 * code has arrived), so the first screen, prepared before the app renders (main.tsx), commits in
 * one pass instead of a fallback and then its content.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
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
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
