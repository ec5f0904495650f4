import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../process/startup-error';
import { lockDataDir } from './data-dir';
import { SQLITE_FILE } from './sqlite';

// Backups of the embedded database for the default install (`npm run backup`, `npm run restore`):
// docs/operations.md, "Backups".

const { DatabaseSync } = process.getBuiltinModule('node:sqlite');

export type BackupFigures = { file: string; bytes: number; contacts: number; quotes: number; ms: number };

/** Checks a copy as SQLite reads it, and counts its leads; refuses one that is damaged. */
function inspect(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const check = db.prepare('PRAGMA integrity_check').get()?.integrity_check;
    if (check !== 'ok') throw new StartupError(`a cópia ${file} está danificada (integrity_check: ${check})`);
    const count = (table: string) => Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);
    return { contacts: count('contacts'), quotes: count('quotes') };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the database while the site serves: VACUUM INTO reads one snapshot (a WAL
 * reader, which blocks no writer) and writes it compacted, without the free pages, so an erased
 * lead leaves no trace in it either. https://www.sqlite.org/lang_vacuum.html#vacuuminto
 * Written beside the target under another name first: a copy cut short is never taken for a backup.
 */
export function backupSqlite(dataDir: string, target: string): BackupFigures {
  const source = path.join(path.resolve(dataDir), SQLITE_FILE);
  if (!existsSync(source)) throw new StartupError(`não há banco em ${source}: confira DATA_DIR`);
  if (existsSync(target)) throw new StartupError(`${target} já existe: escolha outro nome, nada foi copiado`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const partial = `${target}.parcial`;
  rmSync(partial, { force: true });
  const started = performance.now();
  const db = new DatabaseSync(source, { timeout: 5_000 });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  const ms = performance.now() - started;
  const counts = inspect(partial);
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, ms, ...counts };
}

/**
 * Puts a backup in the place of the database. Refused while a site holds DATA_DIR (the lock names
 * its PID), and for a copy that fails SQLite's check. The write-ahead log and its index go first:
 * left beside the restored file, their frames would be read as part of it.
 */
export function restoreSqlite(dataDir: string, backup: string) {
  if (!existsSync(backup)) throw new StartupError(`a cópia ${backup} não existe: confira o caminho`);
  const counts = inspect(backup);
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const release = lockDataDir(folder);
  try {
    const database = path.join(folder, SQLITE_FILE);
    const incoming = `${database}.restaurando`;
    copyFileSync(backup, incoming);
    for (const suffix of ['-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
    renameSync(incoming, database);
    return { database, ...counts };
  } finally {
    release();
  }
}
