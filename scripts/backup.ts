// `npm run backup [-- file]`: a consistent copy of the SQLite database, taken while the site serves.
import path from 'node:path';
import { backupSqlite } from '../server/db/backup';
import { loadConfig } from '../server/process/config';
import { StartupError } from '../server/process/startup-error';

try {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new StartupError(
      'com DATABASE_URL os dados estão no PostgreSQL: use pg_dump (docs/operations.md, "Backups")',
    );
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const target = process.argv[2] ?? path.join('backups', `site-${stamp}.db`);
  const { file, bytes, contacts, quotes, ms } = backupSqlite(config.dataDir, target);
  const size = (bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 });
  console.log(`cópia em ${file}: ${contacts} contatos, ${quotes} cotações, ${size} KB em ${Math.round(ms)} ms`);
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exitCode = 1;
}
