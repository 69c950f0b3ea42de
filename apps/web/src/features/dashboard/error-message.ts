import { ApiError } from "../../lib/api.ts";

/** What a refused account change says: the server's own words (a wrong password, a wrong code). */
export const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : String(err));
