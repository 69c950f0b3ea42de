export * from "./auth.ts";
export * from "./auth-security.ts";
export * from "./communities.ts";
export * from "./follows.ts";
export * from "./notifications.ts";
export * from "./posts.ts";
export * from "./profiles.ts";
export * from "./site.ts";
