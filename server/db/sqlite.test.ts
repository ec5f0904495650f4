import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempDir, testRepository } from '../../test/support/app';
import { validContact } from '../../test/support/leads';
import { SQLITE_FILE } from './sqlite';

describe('SQLite', () => {
  // A transaction awaits between its statements; another connection of the process writing
  // meanwhile would block the thread in its busy wait and fail with SQLITE_BUSY after 5 s.
  it('lets two connections of one process write at once, neither waiting out the busy timeout', async () => {
    const dataDir = tempDir();
    const connections = [testRepository(dataDir), testRepository(dataDir)];
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        connections[n % 2]!.contacts.createContact(validContact(), { key: `k-${n}`, fingerprint: 'f' }),
      ),
    );
    expect(results.every((result) => result.outcome === 'created')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('fails every call with the error of the migrations when the file cannot be migrated', async () => {
    const dataDir = tempDir();
    const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE));
    db.exec(
      'CREATE TABLE contacts (seq INTEGER PRIMARY KEY, id TEXT, name TEXT, email TEXT, phone TEXT, company TEXT, message TEXT, created_at TEXT)',
    );
    db.close();
    const repository = testRepository(dataDir);
    await expect(repository.ping()).rejects.toThrow('table contacts already exists');
    await expect(repository.contacts.listContacts(1, 10)).rejects.toThrow('table contacts already exists');
  });
});
