import type { Executor } from '../db/client';
import { contactMessage } from '../db/schema';

export async function insertContactMessage(
  db: Executor,
  values: { name: string; email: string; message: string; userId: string | null },
): Promise<string> {
  const [row] = await db.insert(contactMessage).values(values).returning({ id: contactMessage.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}
