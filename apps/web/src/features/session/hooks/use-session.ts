import type { UserInfo } from "@threadfolk/contract/accounts";
import { useSyncExternalStore } from "react";
import { LOCAL_KEYS, readLocal, subscribeToSessionChanges } from "../../../lib/storage.ts";
import { useUserInfo } from "../api/get-user-info.ts";
import { useSignedIn } from "./use-signed-in.ts";

type Session = {
  signedIn: boolean;
  /** The user info while signed in, once loaded. */
  user: UserInfo | undefined;
  /** True while a signed-in visitor's user info is first loading. */
  isLoadingUser: boolean;
  /** The username kept in local storage (present once user info has been fetched). */
  storedUsername: string | undefined;
};

const readStoredUsername = () => readLocal(LOCAL_KEYS.username);

/** Who the visitor is: the signed-in flag and, when signed in, the user info. */
export function useSession(): Session {
  const signedIn = useSignedIn();
  const userInfo = useUserInfo();
  const storedUsername = useSyncExternalStore(subscribeToSessionChanges, readStoredUsername, () => undefined);
  return {
    signedIn,
    user: signedIn ? userInfo.data : undefined,
    isLoadingUser: signedIn && userInfo.isPending && userInfo.fetchStatus !== "idle",
    storedUsername,
  };
}
