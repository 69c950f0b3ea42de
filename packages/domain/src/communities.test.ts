import { describe, expect, it } from "vitest";
import { communityUserSearchTerm, ZJoinCommunityRequest } from "./communities.ts";
import { communityInitials } from "./initials.ts";
import { M } from "./messages.ts";

describe("communities rules", () => {
  it("searches users only from 2 characters after trimming", () => {
    expect(communityUserSearchTerm(" a ")).toBeNull();
    expect(communityUserSearchTerm(undefined)).toBeNull();
    expect(communityUserSearchTerm(" ab ")).toBe("ab");
  });

  it("needs acceptRules true to join", () => {
    expect(ZJoinCommunityRequest.safeParse({ acceptRules: true }).success).toBe(true);
    const refused = ZJoinCommunityRequest.safeParse({ acceptRules: false });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(M.communities.acceptRules);
  });

  it("makes initials from the first two words", () => {
    expect(communityInitials("whale watchers club")).toBe("WW");
    expect(communityInitials("Solo")).toBe("S");
  });
});
