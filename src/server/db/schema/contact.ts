/** Messages sent through the contact form. */

import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';

export const contactMessage = pgTable('contact_message', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
