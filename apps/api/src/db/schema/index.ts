export * from "./catalogue.ts";
export * from "./settings.ts";
