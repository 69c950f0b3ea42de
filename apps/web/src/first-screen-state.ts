/**
 * The id of the `<script type="application/json">` in which the server sends a server-rendered page's query cache
 * (a file of its own, so the entry does not import the first-screen queries and their features).
 */
export const FIRST_SCREEN_STATE_ID = "first-screen-state";
