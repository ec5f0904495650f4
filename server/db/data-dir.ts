import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../process/startup-error';

// DATA_DIR as the operator may get it wrong, each mistake answered with its own fix: SQLite's
// errors name neither the folder nor the fix, and some places (under /proc) never answer at all.

const { DatabaseSync } = process.getBuiltinModule('node:sqlite');

/** Filesystems the kernel makes up: a database written there is lost, or the write never returns. */
const VIRTUAL = ['/proc', '/sys', '/dev'];

const owner = () => `${process.getuid?.() ?? 1000}:${process.getgid?.() ?? 1000}`;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * The nearest folder of `folder`'s path that exists: the one a missing DATA_DIR is created in.
 * Where a folder on the way may not be entered, nothing below it can be seen: that is the mistake.
 */
function existingAncestor(folder: string) {
  let at = folder;
  for (;;) {
    try {
      if (statSync(at, { throwIfNoEntry: false })) return at;
    } catch (error) {
      const closed = firstClosed(at);
      throw new StartupError(
        `DATA_DIR ${folder} fica sob ${closed}, onde o usuário ${owner()} não pode entrar ` +
          `(${codeOf(error)}): dê-lhe acesso (chmod o+x ${closed}) ou aponte DATA_DIR para outra pasta`,
      );
    }
    at = path.dirname(at);
  }
}

/** The first folder on the way to `target`, from the root, that this user may not enter. */
function firstClosed(target: string) {
  const parts = path.dirname(target).split(path.sep).filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const folder = path.sep + parts.slice(0, i).join(path.sep);
    try {
      accessSync(folder, constants.X_OK);
    } catch {
      return folder;
    }
  }
  return path.dirname(target);
}

function refuseReadOnly(folder: string, where: string, code: string): never {
  if (code === 'EROFS')
    throw new StartupError(
      `DATA_DIR ${folder} está num sistema de arquivos somente leitura (${where}, EROFS): ` +
        'aponte DATA_DIR para um volume gravável',
    );
  throw new StartupError(
    where === folder
      ? `DATA_DIR sem permissão de escrita: ${folder} (${code}). ` +
          `Dê a pasta ao usuário do processo, por exemplo: chown -R ${owner()} ${folder}`
      : `DATA_DIR ${folder} não existe e não pode ser criada: ${where} não tem permissão de escrita (${code}). ` +
          `Crie-a para o usuário do processo, por exemplo: mkdir -p ${folder} && chown ${owner()} ${folder}`,
  );
}

/**
 * The absolute folder of the database, created when missing, or one line saying why it cannot be:
 * a virtual filesystem, a file where a folder should be, a folder this user cannot write.
 */
export function prepareDataDir(dataDir: string, databaseFile: string) {
  const folder = path.resolve(dataDir);
  const virtual = VIRTUAL.find((root) => folder === root || folder.startsWith(`${root}/`));
  if (virtual)
    throw new StartupError(
      `DATA_DIR ${folder} fica em ${virtual}, um sistema de arquivos virtual do kernel onde o banco não pode ` +
        'ser gravado: aponte DATA_DIR para uma pasta em disco, como ./data ou /var/lib/site',
    );
  const ancestor = existingAncestor(folder);
  if (!statSync(ancestor).isDirectory())
    throw new StartupError(
      ancestor === folder
        ? `DATA_DIR ${folder} é um arquivo, não uma pasta: aponte DATA_DIR para uma pasta (criada se faltar)`
        : `DATA_DIR ${folder} passa por ${ancestor}, que é um arquivo: aponte DATA_DIR para uma pasta`,
    );
  try {
    accessSync(ancestor, constants.W_OK);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, databaseFile);
    if (existsSync(file)) accessSync(file, constants.W_OK);
  } catch (error) {
    refuseReadOnly(folder, ancestor, codeOf(error));
  }
  return folder;
}

const LOCK_FILE = 'site.lock';
const PID_FILE = 'site.pid';

/**
 * Holds DATA_DIR for this process until it exits, or refuses with one line naming the process that
 * holds it: two processes on one SQLite file each run their own rate limits and retention purge
 * against it. The lock is SQLite's own write lock on a small file beside the database, which the
 * kernel releases when the holder dies however it dies (a kill -9 leaves no stale lock behind).
 */
export function lockDataDir(folder: string) {
  const lock = new DatabaseSync(path.join(folder, LOCK_FILE), { timeout: 0 });
  const pidFile = path.join(folder, PID_FILE);
  try {
    lock.exec('BEGIN IMMEDIATE');
  } catch {
    lock.close();
    let holder = 'por outro processo';
    try {
      holder = `pelo processo ${readFileSync(pidFile, 'utf8').trim()}`;
    } catch {
      // Caught between the other's lock and its PID file: it is starting right now.
    }
    throw new StartupError(
      `DATA_DIR ${folder} já está em uso ${holder}: pare-o antes de iniciar este, ou use outro DATA_DIR; ` +
        'várias réplicas precisam de DATABASE_URL (PostgreSQL)',
    );
  }
  writeFileSync(pidFile, `${process.pid}\n`);
  return () => {
    if (lock.isOpen) lock.close();
  };
}
