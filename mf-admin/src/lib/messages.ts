/** Texts of the admin screens: the spec's letter for letter, and ours where the spec has none. */
export const ADMIN_TEXT = {
  noParts: 'No parts found.',
  noStores: 'No stores found.',
  storesFailed: 'Unable to stores.',
  viewingParts: (n: number) => `Viewing ${n} parts`,
  viewingStores: (shown: number, total: number | undefined) => `Viewing ${shown} of ${total ?? 'unknown'} stores.`,
  stationsLoading: 'LOADING...',
  stationsEmpty: "You haven't uploaded any battlestations yet.",
  stationsEmptyLink: 'Get started here.',
  stationsFailed: 'Sorry, we were unable to load any battlestations. Please try again later.',
  partsFailed: 'Sorry, we were unable to load any parts. Please try again later.',
  typesFailed: 'Unable to load part categories.',
  loading: 'Loading...',
  // Ours.
  pendingFailed: 'Sorry, we were unable to load the part requests. Please try again later.',
  noPending: 'No part requests waiting.',
  usersFailed: 'Sorry, we were unable to load the users. Please try again later.',
  noUsers: 'No users found.',
  statsFailed: 'Sorry, we were unable to load the figures. Please try again later.',
  copied: 'Copied the name and link to the clipboard.',
  copyFailed: 'Could not copy to the clipboard.',
  required: 'Required.',
} as const;
