/**
 * Reads a PocketBase data dir straight from disk, without disturbing the server:
 * SQLite opened read-only (safe beside a running PocketBase in WAL mode, and after
 * a crash, where it neither checkpoints nor removes the WAL), files walked as they
 * are. For crash and backup tests.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

type Row = Record<string, unknown>;

function withDatabase<T>(file: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** What `PRAGMA integrity_check` answers: ["ok"] for a sound database, the problems otherwise. */
export function integrityCheck(file: string): string[] {
  return withDatabase(file, (db) =>
    db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => String(Object.values(row)[0])),
  );
}

/** Rows of a query, for assertions on what the server stored. */
export function queryRows(file: string, sql: string, ...params: (string | number)[]): Row[] {
  return withDatabase(file, (db) => db.prepare(sql).all(...params) as Row[]);
}

/** One row as stable text: columns in name order, blobs as hex. */
function rowText(row: Row): string {
  const entries = Object.keys(row)
    .sort()
    .map((column) => {
      const value = row[column];
      return [column, value instanceof Uint8Array ? `x'${Buffer.from(value).toString('hex')}'` : value];
    });
  return JSON.stringify(entries, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

export interface TableSnapshot {
  count: number;
  /** SHA-256 of every row (all columns), in a stable order. */
  checksum: string;
  /** Each row as stable text, keyed by id (or by its text when the table has no id). */
  rows: Map<string, string>;
}

/**
 * Every table of a SQLite database (PocketBase's own included), with its count and
 * a checksum of all its rows sorted by id.
 * @param except rows to leave out, per table (e.g. a row the test knows was added)
 */
export function databaseSnapshot(file: string, except: (table: string, row: Row) => boolean = () => false) {
  return withDatabase(file, (db) => {
    const tables = db
      // Not Litestream's two bookkeeping tables (server/replication/): they count its own
      // checkpoints, which go on after a restore, and hold no data of the site.
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' " +
          "AND name NOT IN ('_litestream_seq', '_litestream_lock') ORDER BY name",
      )
      .all()
      .map((row) => String(row.name));
    const snapshot = new Map<string, TableSnapshot>();
    for (const table of tables) {
      const rows = new Map<string, string>();
      const statement = db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`);
      // Whole 64-bit integers (SQLite's own tables, such as FTS5's, hold ids past 2^53).
      statement.setReadBigInts(true);
      for (const row of statement.all() as Row[]) {
        if (except(table, row)) continue;
        const text = rowText(row);
        rows.set(typeof row.id === 'string' ? row.id : text, text);
      }
      const hash = createHash('sha256');
      for (const key of [...rows.keys()].sort()) hash.update(rows.get(key)!).update('\n');
      snapshot.set(table, { count: rows.size, checksum: hash.digest('hex'), rows });
    }
    return snapshot;
  });
}

/** Counts and checksums only, for toEqual comparisons with readable diffs. */
export function summary(snapshot: Map<string, TableSnapshot>): Record<string, { count: number; checksum: string }> {
  return Object.fromEntries([...snapshot].map(([table, { count, checksum }]) => [table, { count, checksum }]));
}

/** SHA-256 of every file under dir, by path relative to it ({} when dir does not exist). */
export async function filesChecksums(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return result;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    result[path.relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
}
