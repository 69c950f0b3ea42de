/** A user as better-auth's endpoints return it (token-free). */
export type TAuthUserOut = {
  id: string;
  email: string;
  emailVerified: boolean;
  username?: string | null;
  displayUsername?: string | null;
  twoFactorEnabled?: boolean | null;
};

/** The account fields our sign-in, sign-up and two-factor answers show; nothing else of the user row. */
export function mapAuthUser(user: TAuthUserOut) {
  return {
    id: user.id,
    email: user.email,
    username: user.displayUsername ?? user.username ?? null,
    emailVerified: user.emailVerified,
    twoFactorEnabled: !!user.twoFactorEnabled,
  };
}
