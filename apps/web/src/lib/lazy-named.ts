import { type ComponentType, type LazyExoticComponent, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props; the result keeps the export's own type
type TAnyComponent = ComponentType<any>;

/**
 * React.lazy for a named export, so a part of the shell that few visitors need (the auth modal, the signed-in
 * menus) is its own chunk, fetched when first drawn: `lazyNamed(() => import("./auth-modal.tsx"), "AuthModal")`.
 */
export function lazyNamed<TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
): LazyExoticComponent<TModule[TName] & TAnyComponent> {
  return lazy(async () => ({ default: (await load())[name] as TModule[TName] & TAnyComponent }));
}
