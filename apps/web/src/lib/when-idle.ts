/**
 * Runs `callback` once the page has started up: after `delayMs`, then when the browser is idle (at once where
 * there is no idle callback). For code that the first paint does not need but the first click should find
 * ready (decision 011). Answers a cancel function.
 */
export function runWhenIdle(callback: () => void, delayMs: number): () => void {
  let idleHandle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idleHandle = window.requestIdleCallback(callback);
    else callback();
  }, delayMs);
  return () => {
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}

/** How long after start-up the app fetches the code of its menus, dialogs and toasts while idle. */
export const IDLE_PREFETCH_DELAY_MS = 3000;
