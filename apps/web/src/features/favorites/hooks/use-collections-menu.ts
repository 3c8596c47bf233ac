import type { DesignCard } from "@threadfolk/contract/discovery";
import { useSyncExternalStore } from "react";

/**
 * Which card the collections menu is open for, and whether the 'Create list' dialog has taken its place.
 * One menu for the whole app: any card's heart opens it with `openCollectionsMenu(card, anchor)`.
 */
type CollectionsMenuState = {
  view: "closed" | "menu" | "create";
  card: DesignCard | null;
  /** The heart that opened the menu: the popover is placed against it and focus returns to it. */
  anchor: HTMLElement | null;
};

let state: CollectionsMenuState = { view: "closed", card: null, anchor: null };
const listeners = new Set<() => void>();

function setState(next: CollectionsMenuState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the menu for `card` against its heart; the same heart clicked again closes it (spec: the heart toggles). */
export function openCollectionsMenu(card: DesignCard, anchor: HTMLElement): void {
  if (state.view === "menu" && state.anchor === anchor) {
    setState({ ...state, view: "closed" });
    return;
  }
  setState({ view: "menu", card, anchor });
}

/** Closes the menu (or the dialog). */
export function closeCollectionsMenu(): void {
  if (state.view !== "closed") setState({ ...state, view: "closed" });
}

/** Replaces the open menu by the create-collection dialog ('Create list'). */
export function openCreateCollectionDialog(): void {
  if (state.view === "menu" && state.card) setState({ ...state, view: "create" });
}

/** Leaves the dialog for the menu again, so the new list can be chosen; closed if the heart has gone. */
export function returnToCollectionsMenu(): void {
  if (state.view !== "create") return;
  setState({ ...state, view: state.anchor?.isConnected ? "menu" : "closed" });
}

/** The current state, outside React. */
export function readCollectionsMenuState(): CollectionsMenuState {
  return state;
}

/** The collections menu's state. */
export function useCollectionsMenu(): CollectionsMenuState {
  return useSyncExternalStore(subscribe, readCollectionsMenuState, readCollectionsMenuState);
}
