import { readFileSync } from 'node:fs';
import { invalid } from './config-error';

/**
 * The secrets, each of which may instead be read from the file that `NAME_FILE` names, as the official
 * images read `POSTGRES_PASSWORD_FILE`: Docker and Kubernetes hand secrets to a container as files.
 */
export const SECRETS = ['ADMIN_TOKEN', 'DATABASE_URL', 'SMTP_URL', 'WEBHOOK_SECRET'] as const;

/**
 * `env` with each secret's `NAME_FILE` read into `NAME`, and for each secret read so, the variable that
 * named its file. Both forms at once is a mistake: whichever won, one of them would be ignored unseen.
 */
export function readSecretFiles(env: Record<string, string>) {
  const read = { ...env };
  const files = new Map<string, string>();
  for (const name of SECRETS) {
    const variable = `${name}_FILE`;
    const file = read[variable];
    if (file === undefined) continue;
    if (read[name] !== undefined) throw invalid(variable, `defina ${name} ou ${variable}, não os dois`);
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw invalid(variable, `não foi possível ler ${file} (${code}): confira o caminho e a permissão de leitura`);
    }
    // Trailing line breaks are not the secret's (`echo … > file`), as the official images' shell reads it.
    read[name] = content.replace(/[\r\n]+$/, '');
    if (read[name] === '') throw invalid(variable, `o arquivo ${file} está vazio: escreva o segredo nele`);
    files.set(name, variable);
  }
  return { read, files };
}
