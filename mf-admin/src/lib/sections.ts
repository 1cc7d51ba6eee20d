/** The admin area's sections (SPEC "Admin area"; decision 5: stores and users are for admins only). */
export interface AdminSection {
  path: string;
  label: string;
  adminOnly: boolean;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '', label: 'Home', adminOnly: false },
  { path: 'battlestations', label: 'Battlestations', adminOnly: false },
  { path: 'parts', label: 'Parts', adminOnly: false },
  { path: 'pending_parts', label: 'Pending Parts', adminOnly: false },
  { path: 'stores', label: 'Stores', adminOnly: true },
  { path: 'store_links', label: 'Store Links', adminOnly: true },
  { path: 'users', label: 'Users', adminOnly: true },
];

export function sectionsFor(isAdmin: boolean): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => isAdmin || !s.adminOnly);
}
