export * from "./accounts.ts";
export * from "./analytics.ts";
export * from "./cart.ts";
export * from "./catalogue.ts";
export * from "./favorites.ts";
export * from "./jobs.ts";
export * from "./rate-limit.ts";
export * from "./settings.ts";
