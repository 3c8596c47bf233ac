/** Local-storage keys of the session (spec section 3, "Locally kept"); kept in lib/storage.ts with the helpers. */
export { LOCAL_KEYS as SESSION_STORAGE_KEYS, SESSION_CHANGE_EVENT } from "../../lib/storage.ts";
