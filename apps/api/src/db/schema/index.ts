export * from "./accounts.ts";
export * from "./cart.ts";
export * from "./catalogue.ts";
export * from "./favourites.ts";
export * from "./mail.ts";
export * from "./rate-limit.ts";
export * from "./settings.ts";
