/** Where an operator goes after signing in: the page they asked for when it is an admin page, else the console. */
export function safeAdminReturnPath(next: string | null): string {
  if (!next || !/^\/admin(\/|$|\?)/.test(next) || next.startsWith("/admin/sign-in")) return "/admin";
  return next;
}
