/** The project's public profile on X, linked from the footer. */
export const SOCIAL_PROFILE_URL = "https://x.com/plugsandrugs";

/** Our KOL-scoring partner, linked from the footer. */
export const KOL_PARTNER_URL = "https://kolscan.io";
export const KOL_PARTNER_NAME = "Kolscan";
