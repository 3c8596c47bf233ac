import type { FastifyInstance } from "fastify";

/** One method of one registered route, with its URL pattern as registered (`/api/v1/designs/:uuid`). */
export type RouteEntry = { method: string; url: string };

/**
 * Every route the app registers, as Fastify announces them (HEAD routes for GETs included). Collected from
 * the start, so it holds the routes of every module: the bad-input sweep sends each of them its battery, and a
 * route added later is swept without anyone listing it.
 */
export function collectRouteTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url });
  });
  return routes;
}
