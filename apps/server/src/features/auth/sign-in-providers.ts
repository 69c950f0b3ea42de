import {
  SIGN_IN_PROVIDER_IDS,
  SIGN_IN_PROVIDER_NAMES,
  type TSignInProvider,
  type TSignInProviderId,
} from "@plugs/domain";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { TConfig } from "../../config.ts";

/*
 * Linked sign-ins through better-auth: Google, Discord and X are its built-in social providers; the operator's
 * OpenID Connect provider is its generic-oauth plugin, found from the issuer's discovery document, its ID tokens
 * checked against the issuer's keys. All go through better-auth's /sign-in/social, /link-social and /callback/:id.
 */

/** The providers this server offers, in the order the buttons show them. */
export function offeredProviders(config: TConfig): TSignInProvider[] {
  return SIGN_IN_PROVIDER_IDS.flatMap((id) => {
    if (!config.signInProviders[id]) return [];
    return [{ id, name: providerName(config, id) }];
  });
}

export function providerName(config: TConfig, id: TSignInProviderId): string {
  return id === "oidc" ? (config.signInProviders.oidc?.name ?? "Single sign-on") : SIGN_IN_PROVIDER_NAMES[id];
}

/** better-auth's `socialProviders`: the built-in ones that have a client id and secret. */
export function socialProviders(config: TConfig) {
  const { google, discord, twitter } = config.signInProviders;
  return {
    ...(google ? { google: { ...google, prompt: "select_account" as const } } : {}),
    ...(discord ? { discord } : {}),
    ...(twitter ? { twitter } : {}),
  };
}

/** The generic-oauth plugin for OIDC_ISSUER, or nothing. */
export function oidcPlugins(config: TConfig) {
  const oidc = config.signInProviders.oidc;
  if (!oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: "oidc",
          name: oidc.name,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          // A member is who the issuer's signed ID token says, never an unchecked claim.
          requireIdTokenVerification: true,
        },
      ],
    }),
  ];
}
