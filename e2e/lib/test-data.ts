import { expect, type APIRequestContext } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';

/** Data the accessibility and keyboard tests make for themselves through the public API (unique names). */

const EMULATOR_SIGN_IN = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key';

export interface Account {
  username: string;
  email: string;
  password: string;
  uid: string;
}

export function uniqueName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A solid-colour PNG of the given size, built by hand so no image files are needed. */
export function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** Registers a fresh account as the register page does. */
export async function registerAccount(request: APIRequestContext, prefix: string): Promise<Account> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // The prefix may hold what a username may (a space, an accent); the address keeps its plain letters only.
  const user = { username: `${prefix}_${id}`, email: `${prefix.replace(/[^a-z0-9]/gi, '')}.${id}@example.com`, password: 'secret-pass-1' };
  const res = await request.post('/api/users/', { data: { ...user, confirmPassword: user.password } });
  expect(res.status(), await res.text()).toBe(201);
  const { user_id } = (await res.json()) as { user_id: string };
  return { ...user, uid: user_id };
}

export async function idToken(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const res = await request.post(EMULATOR_SIGN_IN, { data: { email: account.email, password: account.password, returnSecureToken: true } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

export async function somePartIds(request: APIRequestContext, count: number): Promise<number[]> {
  const res = await request.get('/api/parts', { params: { resultsPerPage: 12 } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { parts: { part_id: number }[] }).parts.slice(0, count).map((part) => part.part_id);
}

/** Creates a battlestation with `photos` photos and the given parts (else the first two) through the API; returns its id. */
export async function createStation(
  request: APIRequestContext,
  token: string,
  fields: { name: string; isPublic?: boolean; photos?: number; partIds?: number[] },
): Promise<number> {
  // Text fields first, then the files (the API reads them in that order, ADR 010).
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', 'Made by the browser tests.');
  form.append('is_public', String(fields.isPublic ?? true));
  form.append('added_parts', JSON.stringify(fields.partIds ?? (await somePartIds(request, 2))));
  for (let i = 0; i < (fields.photos ?? 1); i++) {
    const photo = png(160, 120, [40 + i * 50, 90, 200 - i * 40]);
    form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `desk-${i}.png`);
  }
  const res = await request.post('/api/battlestations/', { headers: { authorization: `Bearer ${token}` }, multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { newId: number }).newId;
}
