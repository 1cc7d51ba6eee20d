/** Who is calling: the verified token's identity plus the profile row (roles come from the database). */
export interface AuthUser {
  uid: string;
  email: string | undefined;
  /** When the caller last signed in, in seconds since the epoch (the token's `auth_time`; decision 25). */
  authTime: number;
  profile: {
    username: string;
    is_admin: boolean;
    is_moderator: boolean;
  };
}

export const isAdmin = (user: AuthUser | null | undefined): boolean => Boolean(user?.profile.is_admin);

/** Admins and moderators share the moderation screens (decision 5). */
export const canModerate = (user: AuthUser | null | undefined): boolean =>
  Boolean(user && (user.profile.is_admin || user.profile.is_moderator));
