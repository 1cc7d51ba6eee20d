/** The profile area's texts (SPEC "Profile area", §8), letter for letter; the ones marked "ours" are not in the spec. */
export const PROFILE_MESSAGES = {
  loading: 'LOADING...',
  listFailed: 'Sorry, we were unable to load any battlestations. Please try again later.',
  noStations: "You haven't uploaded any battlestations yet.",
  getStarted: 'Get started here',
  /** Ours: the spec gives Favorites no empty state. */
  noFavorites: "You haven't favorited any battlestations yet.",
  /** Ours. */
  browse: 'Browse Battlestations',
  profileLoadFailed: 'Current profile could not be loaded.',
  profileSaved: 'Profile Saved',
  emailWarning: 'Changing your email address will cause you to be logged out.',
  /** Ours: the identity provider ends every session when the password changes, as it does for the e-mail. */
  passwordWarning: 'Changing your password will cause you to be logged out.',
  /** Ours, worded like the spec's 'Unable to delete {name}. Please try again later.' */
  deleteAccountFailed: 'Unable to delete your account. Please try again later.',
  /** Ours. */
  retry: 'Try again',
} as const;
