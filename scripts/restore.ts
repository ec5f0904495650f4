// `npm run restore -- file`: puts a backup in the place of the SQLite database, with the site stopped.
import { restoreSqlite } from '../server/db/backup';
import { loadConfig } from '../server/process/config';
import { StartupError } from '../server/process/startup-error';

try {
  const backup = process.argv[2];
  if (!backup) throw new StartupError('diga qual cópia restaurar: npm run restore -- backups/site-….db');
  const { database, contacts, quotes } = restoreSqlite(loadConfig().dataDir, backup);
  console.log(`${backup} restaurada em ${database}: ${contacts} contatos, ${quotes} cotações. Inicie o site.`);
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exitCode = 1;
}
