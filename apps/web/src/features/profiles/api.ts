import type {
  TFeedPage,
  TFollowList,
  TFollowState,
  TPublicProfile,
  TUserCommunities,
  TUserReports,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

const userPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;

function withCursor(path: string, cursor: string | null) {
  return cursor ? `${path}?${new URLSearchParams({ cursor })}` : path;
}

export function fetchProfile(username: string): Promise<TPublicProfile> {
  return apiFetch(userPath(username));
}

export function fetchUserPosts(username: string, cursor: string | null): Promise<TFeedPage> {
  return apiFetch(withCursor(`${userPath(username)}/posts`, cursor));
}

export function fetchFollows(
  username: string,
  direction: "followers" | "following",
  cursor: string | null,
): Promise<TFollowList> {
  return apiFetch(withCursor(`${userPath(username)}/${direction}`, cursor));
}

export function setFollow(username: string, follow: boolean): Promise<TFollowState> {
  return apiFetch(`${userPath(username)}/follow`, { method: follow ? "PUT" : "DELETE" });
}

export function fetchUserCommunities(username: string, cursor: string | null): Promise<TUserCommunities> {
  return apiFetch(withCursor(`${userPath(username)}/communities`, cursor));
}

export function fetchUserReports(username: string, cursor: string | null): Promise<TUserReports> {
  return apiFetch(withCursor(`${userPath(username)}/reports`, cursor));
}
