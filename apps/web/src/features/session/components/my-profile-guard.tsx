import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { PageSpinner } from "../../../components/spinner.tsx";
import { useSession } from "../hooks/use-session.ts";
import { setSignedIn } from "../hooks/use-signed-in.ts";

/** True for the profile area (spec section 2: any path containing my-profile). */
function isMyProfilePath(pathname: string): boolean {
  return pathname.includes("my-profile");
}

function SendHome() {
  useEffect(() => setSignedIn(false), []);
  return <Navigate to="/" replace />;
}

/**
 * Keeps the profile area for signed-in visitors with a username: anyone else goes to / with the signed-in
 * flag set to false (spec section 2). Right after sign-in the username arrives with the user info: wait for it.
 */
export function MyProfileGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { signedIn, user, isLoadingUser, storedUsername } = useSession();
  if (!isMyProfilePath(pathname)) return children;
  if (!signedIn) return <SendHome />;
  if (storedUsername || user?.username) return children;
  if (isLoadingUser) return <PageSpinner />;
  return <SendHome />;
}
