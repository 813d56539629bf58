/**
 * The database schema, one file per feature; drizzle-kit (drizzle.config.ts) and the database client
 * read it all from here.
 */

export * from './agreement';
export * from './auth';
export * from './bookmarks';
export * from './contact';
export * from './conversations';
export * from './groups';
export * from './lifestyle';
export * from './limits';
export * from './mail';
export * from './moderation';
export * from './pings';
export * from './postings';
export * from './saved-searches';
