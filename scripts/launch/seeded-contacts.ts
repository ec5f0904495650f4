// A data folder whose SQLite database holds many contacts, for the measurements and the tests that
// need a large export: written in one transaction, far faster than through the API.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../server/composition/repository';
import { SQLITE_FILE } from '../../server/db/sqlite';

/** A contact's message of a realistic size: two lines, about 100 characters. */
const SHORT = (n: number) =>
  `Preciso de frete fechado de Campinas/SP para Belém/PA; carga paletizada, 27 t.\nPedido ${n}.`;

/**
 * `rows` contacts, the newest last; `messageChars` makes each message that long (long contacts:
 * 8,000 of 4,000 characters make a 33 MB export).
 */
export async function seededContacts(rows: number, { messageChars }: { messageChars?: number } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-csv-'));
  await openSqlite(dataDir).close();
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
  const insert = db.prepare(
    'INSERT INTO contacts (id, name, email, phone, company, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.now() - rows * 60_000;
  db.exec('BEGIN');
  for (let n = 0; n < rows; n++) {
    insert.run(
      randomUUID(),
      `Cliente ${n} da Silva`,
      `cliente${n}@empresa${n % 97}.com.br`,
      '+55 (91) 98765-4321',
      'Transportes & Logística "Norte" Ltda.',
      messageChars ? SHORT(n).padEnd(messageChars, ' carga') : SHORT(n),
      new Date(start + n * 60_000).toISOString(),
    );
  }
  db.exec('COMMIT');
  db.close();
  return dataDir;
}
