// `npm run api:generate`: rewrites src/shared/api-schema.generated.ts from the server's routes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/server/db/client';
import { API_TYPES_FILE, apiDocument, apiTypes, root } from './lib/api-types';

// In memory and never migrated: building the app opens the database but asks it nothing.
const database = await openDatabase({ kind: 'pglite', instance: new PGlite() });
try {
  writeFileSync(API_TYPES_FILE, await apiTypes(await apiDocument(database)));
  process.stdout.write(`Wrote ${path.relative(root, API_TYPES_FILE)}\n`);
} finally {
  await database.close();
}
