/** Local-storage keys of the session (spec section 3, "Locally kept"). */
export const SESSION_STORAGE_KEYS = {
  /** 'true' or 'false'; missing means signed out. */
  signedIn: "signedIn",
} as const;

/** Fired on window when this tab changes a session key (the `storage` event only reaches other tabs). */
export const SESSION_CHANGE_EVENT = "threadfolk:session-change";
