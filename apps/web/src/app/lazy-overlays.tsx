import { lazy, Suspense, useEffect, useState } from "react";
import { useAuthModal } from "../features/auth/hooks/use-auth-modal.ts";
import { useCollectionsMenu } from "../features/favorites/hooks/use-collections-menu.ts";
import { IDLE_PREFETCH_DELAY_MS, runWhenIdle } from "../lib/when-idle.ts";

/*
 * The app's two overlays opened from anywhere: the auth modal and the collections menu. The router's root
 * renders them once; the error page renders them itself, since it replaces the root's content (decision 045).
 */

const loadAuthModal = () => import("../features/auth/components/auth-modal.tsx");
const AuthModal = lazy(async () => ({ default: (await loadAuthModal()).AuthModal }));

/**
 * The auth modal, whose forms (and their validation library) are a third of the app's code: it is fetched
 * when the browser is idle a few seconds after start-up, or when first opened, never on the critical path.
 */
export function LazyAuthModal() {
  const { open } = useAuthModal();
  const [isMounted, setIsMounted] = useState(open);
  useEffect(() => {
    if (open) setIsMounted(true);
  }, [open]);
  // Fetched while the browser is idle after start-up, so the first click opens it at once.
  useEffect(() => runWhenIdle(() => void loadAuthModal(), IDLE_PREFETCH_DELAY_MS), []);
  if (!isMounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}

const CollectionsMenu = lazy(async () => ({
  default: (await import("../features/favorites/components/collections-menu.tsx")).CollectionsMenu,
}));

/** The collections menu's code is fetched the first time a customer opens it, then it stays mounted. */
export function LazyCollectionsMenu() {
  const { view } = useCollectionsMenu();
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    if (view !== "closed") setIsMounted(true);
  }, [view]);
  if (!isMounted && view === "closed") return null;
  return (
    <Suspense fallback={null}>
      <CollectionsMenu />
    </Suspense>
  );
}
