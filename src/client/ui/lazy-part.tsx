/**
 * Code loaded lazily (a page, or a part of one the first paint may not need) that is drawn at once
 * when it is already here, and suspends until it arrives when not, like React's `lazy`. Unlike
 * `lazy`, whose first drawing always suspends, code that was loaded beforehand draws without
 * suspending: the server loads every part before it draws a page (`preloadLazyParts`), so a page
 * is drawn in one pass, and the browser's first render of a preloaded page is not held back by
 * React's Suspense throttle.
 */
import { type ComponentType, use } from 'react';

export interface Preloadable<P> {
  preload(): Promise<ComponentType<P>>;
  loaded?: ComponentType<P>;
}

export function preloadable<P>(load: () => Promise<ComponentType<P>>, onFail?: () => void): Preloadable<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const code: Preloadable<P> = {
    // One promise for every caller: a failure reaches the part's error boundary.
    preload: () => {
      pending ??= load().then(
        (component) => (code.loaded = component),
        (error: unknown) => {
          onFail?.();
          throw error;
        },
      );
      return pending;
    },
  };
  return code;
}

/** Draws preloadable code, at once when it is here. */
export function Preloaded<P extends object>({ code, props }: { code: Preloadable<P>; props: P }) {
  const Component = code.loaded ?? use(code.preload());
  return <Component {...props} />;
}

/** Every part declared by the modules loaded so far (code, not state: the same for every drawing). */
const parts = new Set<Preloadable<never>>();

/** A component whose code loads when it is first drawn, or beforehand (`preloadLazyParts`). */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const code = preloadable(load);
  if (import.meta.env.SSR) parts.add(code as Preloadable<never>);
  // Called once per part at a module's top level, like `lazy`: the component is made once.
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory, as React's own `lazy`
  return function LazyPart(props: P) {
    return <Preloaded code={code} props={props} />;
  };
}

/**
 * Loads every lazy part of the modules loaded so far, and those their code declares in turn. The
 * server calls it before a drawing, after the page's own module.
 */
export async function preloadLazyParts(): Promise<void> {
  let count = 0;
  while (parts.size > count) {
    count = parts.size;
    await Promise.all([...parts].map((part) => part.preload()));
  }
}
