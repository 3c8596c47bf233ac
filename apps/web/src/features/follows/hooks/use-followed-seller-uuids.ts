import { useMemo, useSyncExternalStore } from "react";
import { LOCAL_KEYS, readLocal, subscribeToSessionChanges } from "../../../lib/storage.ts";

function readStoredFollows(): string {
  try {
    return readLocal(LOCAL_KEYS.followedSellerUuids) ?? "";
  } catch {
    return "";
  }
}

/** Parses the stored JSON list of followed artists; a damaged value reads as empty. */
export function parseFollowedSellerUuids(raw: string): Set<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(
      Array.isArray(value) ? value.filter((item): item is string => typeof item === "string").map(lowerCase) : [],
    );
  } catch {
    return new Set();
  }
}

function lowerCase(value: string): string {
  return value.toLowerCase();
}

/** The artists the visitor follows (spec section 3: the locally stored followedSellerUuids), kept current. */
export function useFollowedSellerUuids(): ReadonlySet<string> {
  const raw = useSyncExternalStore(subscribeToSessionChanges, readStoredFollows, () => "");
  return useMemo(() => parseFollowedSellerUuids(raw), [raw]);
}
