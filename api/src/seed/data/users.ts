/**
 * Demo accounts. Their uids are fixed so the Auth emulator identities can be recreated after the
 * emulator forgets them (it keeps accounts only in memory unless exported).
 */
export interface SeedUser {
  uid: string;
  username: string;
  email: string;
  password: string;
  is_admin: boolean;
  is_moderator: boolean;
  /** How many days ago the account was created. */
  joinedDaysAgo: number;
}

const SHARED_PASSWORD = 'seed-pass-123';

export const SEED_USERS: readonly SeedUser[] = [
  { uid: 'seed-admin', username: 'admin_battledeck', email: 'admin@example.com', password: 'admin-pass-123', is_admin: true, is_moderator: false, joinedDaysAgo: 270 },
  { uid: 'seed-demo', username: 'demo_user', email: 'demo@example.com', password: 'demo-pass-123', is_admin: false, is_moderator: false, joinedDaysAgo: 240 },
  { uid: 'seed-moderator', username: 'mod_battledeck', email: 'moderator@example.com', password: 'moderator-pass-123', is_admin: false, is_moderator: true, joinedDaysAgo: 260 },
  { uid: 'seed-user-04', username: 'pixel_pilot', email: 'pixel.pilot@example.com', password: SHARED_PASSWORD, is_admin: false, is_moderator: false, joinedDaysAgo: 230 },
  { uid: 'seed-user-05', username: 'cable_tamer', email: 'cable.tamer@example.com', password: SHARED_PASSWORD, is_admin: false, is_moderator: false, joinedDaysAgo: 210 },
  { uid: 'seed-user-06', username: 'rgb_wizard', email: 'rgb.wizard@example.com', password: SHARED_PASSWORD, is_admin: false, is_moderator: false, joinedDaysAgo: 200 },
  { uid: 'seed-user-07', username: 'desk_nomad', email: 'desk.nomad@example.com', password: SHARED_PASSWORD, is_admin: false, is_moderator: false, joinedDaysAgo: 180 },
  { uid: 'seed-user-08', username: 'quiet_keys', email: 'quiet.keys@example.com', password: SHARED_PASSWORD, is_admin: false, is_moderator: false, joinedDaysAgo: 150 },
];
