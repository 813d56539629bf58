/**
 * DATA_DIR holds secrets: the database (its write-ahead log carries live password-reset tokens and
 * sessions), the mailbox (verification and reset links), uploads and the generated AUTH_SECRET.
 * Only the account the server runs as may read it: the folder and its subfolders 0700, files 0600.
 */
import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Group and others get nothing. */
const PRIVATE_UMASK = 0o077;

/** What the server and the scripts keep in DATA_DIR (the lock folder and its note included). */
const ENTRIES = ['db', 'mailbox', 'uploads', 'auth-secret', 'server.lock', 'server.lock.holder.json'];

/**
 * Every file and folder the process creates from now on is private: called first thing by the
 * server and the scripts that write to DATA_DIR, before anything there is created.
 */
export function applyPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

function makePrivate(target: string): void {
  const stat = lstatSync(target, { throwIfNoEntry: false });
  // A symbolic link's own mode means nothing, and following one could chmod files outside DATA_DIR.
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(target, 0o700);
    for (const name of readdirSync(target)) makePrivate(path.join(target, name));
  } else if ((stat.mode & PRIVATE_UMASK) !== 0) {
    chmodSync(target, stat.mode & 0o700);
  }
}

/**
 * A DATA_DIR written before the umask (or by an older version, whose PGlite files were 0666 and
 * mail files 0644) is made private at start: the folder, then each of its known entries.
 */
export function makeDataDirPrivate(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  chmodSync(dataDir, 0o700);
  for (const name of ENTRIES) makePrivate(path.join(dataDir, name));
}

/**
 * PGlite's file system (Emscripten's NODEFS) creates each file and then chmods it to the mode
 * PostgreSQL asked for inside the WebAssembly sandbox (0666), which no umask covers: its chmods
 * are narrowed to the owner, so files the database writes while running are private too.
 */
type NodeFsInit = NodeFS['init'];
type SetAttr = (node: unknown, attr: { mode?: number | null }) => void;

export class PrivateNodeFS extends NodeFS {
  override async init(pg: Parameters<NodeFsInit>[0], options: Parameters<NodeFsInit>[1]): ReturnType<NodeFsInit> {
    const result = await super.init(pg, options);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (module) => {
        const ops = (module.NODEFS as { node_ops?: { setattr?: SetAttr } }).node_ops;
        const setattr = ops?.setattr;
        if (!ops || !setattr) return;
        ops.setattr = (node, attr) =>
          setattr(node, attr.mode == null ? attr : { ...attr, mode: attr.mode & ~PRIVATE_UMASK });
      },
    ];
    return result;
  }
}
