import { type ComponentType, lazy } from "react";

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  preload(): Promise<ComponentType<P>>;
};

/** React.lazy suspends on its first render even when its code has arrived; this renders at once once preloaded. */
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
