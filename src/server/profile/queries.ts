import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

export async function recordTermsAcceptance(db: Database, userId: string, version: string, at: Date): Promise<void> {
  await db.update(user).set({ termsAcceptedAt: at, termsVersion: version }).where(eq(user.id, userId));
}
