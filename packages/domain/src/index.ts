export * from "./auth.ts";
export * from "./communities.ts";
export * from "./files.ts";
export * from "./messages.ts";
export * from "./posts.ts";
export * from "./routes.ts";
export * from "./slugify.ts";
