import { randomUUID } from "node:crypto";
import { M, type TBrandingType, type TCreateCommunityResponse, ZCreateCommunityRequest } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireVerifiedMember, type TDeps, type TViewer } from "../../context.ts";
import { communities, communityMembers } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { prepareBrandingImage, storeBranding, type TPreparedImage } from "./branding.ts";
import { loadCommunityDetail } from "./community-dto.ts";
import { freeSlug } from "./community-slug.ts";
import { rulesHash } from "./rules-hash.ts";

/** The create form as it arrives (multipart): parsed with the shared schema once the user is known. */
export type TCreateCommunityForm = {
  name?: unknown;
  description?: unknown;
  rules?: unknown;
  avatar: File | null;
  banner: File | null;
};

/** The advisory lock key that serializes slug choice (any constant unique to this use). */
const SLUG_LOCK = 7_130_001;

/**
 * Creates a community: validates the fields and both images (by their bytes) before writing anything, inserts the
 * community with its creator as its first member (role creator) in one transaction, then stores the avatar and
 * banner as branding version 1. A branding failure after the community exists only adds a warning; the community
 * stays (the spec's behaviour), and its creator can upload the image again from the manage page.
 */
export async function createCommunity(
  deps: TDeps,
  viewer: TViewer | null,
  form: TCreateCommunityForm,
): Promise<TCreateCommunityResponse> {
  const me = requireVerifiedMember(viewer, M.communities.loginToCreate);
  const input = ZCreateCommunityRequest.parse({
    name: form.name,
    description: form.description,
    rules: form.rules,
    avatar: form.avatar ?? undefined,
    banner: form.banner ?? undefined,
  });
  const images: [TBrandingType, TPreparedImage][] = [
    ["avatar", await prepareBrandingImage(form.avatar, "avatar")],
    ["banner", await prepareBrandingImage(form.banner, "banner")],
  ];

  const communityId = randomUUID();
  await deps.db.transaction(async (tx) => {
    // One create at a time picks a slug (creating communities is rare), so two creates of one name never race
    // for the same slug; the unique index stays the last word.
    await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK})`);
    const slug = await freeSlug(tx, input.name);
    await tx.insert(communities).values({
      id: communityId,
      name: input.name,
      slug,
      communityDescription: input.description,
      communityRules: input.rules,
      creatorId: me.id,
      memberCount: 1,
    });
    await tx.insert(communityMembers).values({
      communityId,
      userId: me.id,
      role: "creator",
      status: "active",
      acceptedRulesVersion: 1,
      acceptedRulesHash: rulesHash(input.rules),
      acceptedRulesAt: new Date(),
    });
  });

  const warnings: string[] = [];
  for (const [type, image] of images) {
    try {
      await storeBranding(deps, communityId, type, image, me.id);
    } catch (err) {
      deps.logger.warn({ err, communityId, type }, "community branding upload failed");
      warnings.push(M.communities.brandingUploadFailed(type));
    }
  }
  const community = await loadCommunityDetail(deps.db, communityId, me.id);
  if (!community) throw new AppError("NOT_FOUND", M.communities.notFound);
  return { community, warnings };
}
