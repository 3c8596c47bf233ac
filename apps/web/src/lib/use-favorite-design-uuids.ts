import { useMemo, useSyncExternalStore } from "react";
import { LOCAL_KEYS, readLocal, subscribeToSessionChanges } from "./storage.ts";

/** The raw stored list; storage that cannot be read (privacy modes) counts as no favourites, never an error. */
function readStoredFavorites(): string {
  try {
    return readLocal(LOCAL_KEYS.favoriteDesignUuids) ?? "";
  } catch {
    return "";
  }
}

function subscribe(onChange: () => void): () => void {
  try {
    return subscribeToSessionChanges(onChange);
  } catch {
    return () => {};
  }
}

/** Parses the stored JSON list; a damaged value reads as empty. */
export function parseFavoriteDesignUuids(raw: string): Set<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * The designs the visitor has favourited (spec section 3: the locally stored favoriteDesignUuids), following
 * changes made in this tab (the favourites menu) and in other tabs.
 */
export function useFavoriteDesignUuids(): ReadonlySet<string> {
  const raw = useSyncExternalStore(subscribe, readStoredFavorites, () => "");
  return useMemo(() => parseFavoriteDesignUuids(raw), [raw]);
}
