import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * A component whose code the browser fetches when it is first drawn, for the few who open it: a
 * dialog opened by the page's address, say. The server has the code at hand and renders it in the
 * page itself, so it works before and without JavaScript (its module picks the component itself on
 * the server). No Suspense boundary of its own: React may send a boundary's content apart from the
 * page, to be moved into place by a script, which a browser without JavaScript never runs. In the
 * browser, opening it is a navigation (a transition), which waits for the code; a page that loads
 * with it open is hydrated only once the code is here (app/entry.client.tsx), so hydration never
 * stops midway to fetch it.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  /** Fetches the code once; after a failure (a lost connection), the next call tries again. */
  const fetchCode = (): Promise<ComponentType<Props>> =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));

  /**
   * The component itself when its code is already here (a page that loaded with it open), else
   * lazily. Chosen once, so a later render never swaps one for the other (which would reset what the
   * visitor typed).
   */
  function InBrowser(props: Props) {
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? (Lazy as unknown as ComponentType<Props>));
    return createElement(Component, props);
  }
  /** The component, once its code is here. */
  const current = (): ComponentType<Props> | undefined => loaded;
  return { InBrowser, fetchCode, current };
}
