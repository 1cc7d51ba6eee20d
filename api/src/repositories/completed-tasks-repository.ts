import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { completed_tasks } from '../db/schema';

export async function isTaskCompleted(db: Database, name: string): Promise<boolean> {
  return (await db.select({ name: completed_tasks.name }).from(completed_tasks).where(eq(completed_tasks.name, name))).length > 0;
}

export async function markTaskCompleted(db: Database, name: string): Promise<void> {
  await db.insert(completed_tasks).values({ name }).onConflictDoNothing();
}
