// `npm run team -- invite EMAIL --role admin|vendas [--nome NOME]`, `npm run team -- list`,
// `npm run team -- revoke EMAIL`: the team from the command line, beside the running site.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appendAudit } from '../server/audit/sql-store';
import { openBesideTheSite } from '../server/composition/repository';
import { SQLITE_FILE } from '../server/db/sqlite';
import { type Config, loadConfig } from '../server/process/config';
import { createLogger } from '../server/process/logger';
import { StartupError } from '../server/process/startup-error';
import { invite } from '../server/team/invitations';
import { email as emailRule } from '../shared/fields';
import { NOBODY } from '../shared/inbox';
import { ROLES, type Role } from '../shared/team';

const USAGE = [
  'uso:',
  '  npm run team -- invite EMAIL --role admin|vendas [--nome "Nome Sobrenome"]',
  '  npm run team -- list',
  '  npm run team -- revoke EMAIL --para EMAIL-DE-QUEM-ASSUME|ninguem',
  'com as mesmas variáveis do servidor: DATA_DIR ou DATABASE_URL; para invite, PUBLIC_URL; para o convite',
  'ir por e-mail, SMTP_URL e LEADS_TO (docs/requirements.md §6.3)',
].join('\n');

const SYSTEM = { kind: 'system' } as const;

function emailArgument(value: string | undefined) {
  const parsed = emailRule.safeParse(value ?? '');
  if (!parsed.success) throw new StartupError(`${parsed.error.issues[0]!.message}\n${USAGE}`);
  return parsed.data;
}

/**
 * What the command needs of the site's own settings, each missing one said in one line: without them
 * it would write to a new, empty database beside the site's, or make a link nobody else can open.
 */
function requireSettings(config: Config, command: string | undefined) {
  const file = path.resolve(config.dataDir, SQLITE_FILE);
  if (!config.databaseUrl && !existsSync(file))
    throw new StartupError(
      `nenhum banco de dados do site em ${file}: rode o comando na pasta do site ou defina DATA_DIR ` +
        '(ou DATABASE_URL) com o mesmo valor do servidor',
    );
  if (command === 'invite' && !config.publicUrlSet)
    throw new StartupError(
      'PUBLIC_URL não está definida: o link do convite apontaria para localhost. Defina PUBLIC_URL com o ' +
        'endereço do site, o mesmo do servidor (PUBLIC_URL=https://www.exemplo.com.br npm run team -- invite …)',
    );
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, nome: { type: 'string' }, para: { type: 'string' } },
  strict: false,
});
const [command, argument] = positionals;

try {
  const config = loadConfig();
  requireSettings(config, command);
  const logger = createLogger('warn', process.stderr);
  const repository = await openBesideTheSite(config, logger);
  try {
    switch (command) {
      case 'invite': {
        const email = emailArgument(argument);
        const role = values.role as Role;
        if (!ROLES.includes(role))
          throw new StartupError(`escolha o papel com --role admin ou --role vendas\n${USAGE}`);
        const name = typeof values.nome === 'string' && values.nome.trim() ? values.nome.trim() : email.split('@')[0]!;
        const { member, link, mailed, code } = await invite(
          repository.team,
          config.publicUrl,
          repository.channels.includes('email'),
          { email, name, role },
        );
        await repository.audit.recordAudit({
          action: 'member.invited',
          actor: SYSTEM,
          subject: member.email,
          detail: { papel: role, por: 'linha de comando' },
        });
        console.log(
          `convite para ${member.email} (${role}), válido por 7 dias; os anteriores deixaram de valer: ${link}`,
        );
        if (mailed) console.log('enviado por e-mail; ao abrir o link, a pessoa recebe um código no mesmo endereço');
        else {
          console.log('e-mail desligado (SMTP_URL e LEADS_TO): entregue o link à pessoa e, por outro meio');
          console.log('(telefone, pessoalmente), o código do convite; o link sozinho não dá acesso.');
          console.log(`código do convite: ${code}`);
        }
        break;
      }
      case 'list': {
        const members = await repository.team.listMembers();
        if (members.length === 0) console.log('nenhum membro na equipe');
        for (const member of members)
          console.log(
            `${member.email}\t${member.role}\t${member.name}\t${member.passkeys} chave(s)\t${member.sessions} sessão(ões)`,
          );
        break;
      }
      case 'revoke': {
        const email = emailArgument(argument);
        const member = await repository.team.memberByEmail(email);
        if (!member) throw new StartupError(`${email} não é da equipe: npm run team -- list mostra quem é`);
        // Who takes the open leads is said, never assumed (docs/requirements.md §6.3).
        const to = typeof values.para === 'string' ? values.para.trim() : '';
        const heir = to && to !== NOBODY ? await repository.team.memberByEmail(to) : undefined;
        if (!to || (to !== NOBODY && (!heir || heir.id === member.id)))
          throw new StartupError(
            `diga quem assume os leads abertos de ${email}: --para com o e-mail de outra pessoa da equipe, ou --para ninguem`,
          );
        let handed: string[] = [];
        await repository.team.revokeMember(member.id, async (tx) => {
          handed = await repository.inbox.handOver(tx, member.id, heir?.id ?? null, { actor: SYSTEM });
          await appendAudit(tx, {
            action: 'member.revoked',
            actor: SYSTEM,
            subject: member.email,
            detail: { por: 'linha de comando', leads: handed.length, para: heir ? heir.id : 'ninguém' },
          });
        });
        console.log(`acesso de ${member.email} revogado: suas sessões terminaram em todas as réplicas`);
        console.log(`${handed.length} lead(s) aberto(s) passaram para ${heir ? heir.email : 'ninguém'}`);
        break;
      }
      default:
        throw new StartupError(USAGE);
    }
  } finally {
    await repository.close();
  }
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exitCode = 1;
}
