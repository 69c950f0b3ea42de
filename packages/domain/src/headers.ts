// Kept apart from the zod schemas: the web app's shell reads it on every answer and should not pull zod in with it.

/**
 * Set (value "banned") on any answer to a request whose session was just ended because the account is banned, so an
 * open tab learns it even from a public route that answered as for a visitor.
 */
export const SESSION_ENDED_HEADER = "x-session-ended";
