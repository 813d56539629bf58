import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder to copy per test file. */
    pgliteTemplateDir: string;
    /** With TEST_DATABASE_URL: the migrated template database to clone per test file. */
    postgresTemplate: string | null;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** PGlite's initdb takes seconds: migrate one data folder per migration set and reuse it. */
async function preparePgliteTemplate(): Promise<string> {
  const cacheDir = path.join(root, 'node_modules/.cache/quadmates');
  const templateDir = path.join(cacheDir, `pglite-${migrationsHash()}`);
  if (existsSync(path.join(templateDir, 'PG_VERSION'))) return templateDir;
  mkdirSync(cacheDir, { recursive: true });
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', instance: await PGlite.create(building) });
  await database.migrate();
  await database.close();
  if (!existsSync(templateDir)) renameSync(building, templateDir);
  else rmSync(building, { recursive: true, force: true });
  return templateDir;
}

async function preparePostgresTemplate(url: string): Promise<string> {
  const name = `qm_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  return name;
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplateDir', await preparePgliteTemplate());
  const url = process.env.TEST_DATABASE_URL;
  const template = url ? await preparePostgresTemplate(url) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await admin.end();
    }
  };
}
