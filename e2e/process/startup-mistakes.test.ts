import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { postgresSchemaForThisFile, TEST_DATABASE_URL } from '../../test/support/backends';
import { lead } from '../../test/support/requests';
import {
  type RunningServer,
  spawnServer,
  startServer,
  tempDataDir,
  whenExited,
  whenServing,
} from '../../test/support/server-process';
import { needs } from '../../test/support/tools';
import { unprivilegedUser } from '../../test/support/unprivileged';
import { eventually, freePort } from '../../test/support/wait';

// Every mistake an operator made on their first day (issue 36), run as a process: the one line it
// prints and the exit code. The table of them is written to .artifacts/startup-mistakes.md and
// printed at the end, for docs/operations.md ("When the site does not start") to quote.

type Row = { mistake: string; line: string; exit: string };
const table: Row[] = [];

afterAll(() => {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const markdown = [
    '| Mistake | The line printed | Exit |',
    '|---|---|---|',
    ...table.map((row) => `| ${cell(row.mistake)} | \`${cell(row.line)}\` | ${row.exit} |`),
  ].join('\n');
  mkdirSync('.artifacts', { recursive: true });
  writeFileSync('.artifacts/startup-mistakes.md', `${markdown}\n`);
  console.info(`\n${markdown}\n`);
});

/** Runs the built server until it exits; its stderr must be one line, its stdout is the log. */
async function failedStart(
  mistake: string,
  env: Record<string, string>,
  dataDir?: string,
  as?: Parameters<typeof spawnServer>[2],
) {
  const child = spawnServer(env, dataDir, as);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const code = await whenExited(child);
  const lines = stderr.trim().split('\n');
  table.push({ mistake, line: lines.join(' ⏎ '), exit: String(code) });
  const logs = stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: string; msg: string });
  return { code, lines, logs };
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

/** Starts the built server, which must start, and the log line `pick` finds in its first lines. */
async function startedWith(mistake: string, env: Record<string, string>, pick: (msg: string) => boolean) {
  const server = await startServer(env);
  running.push(server);
  const found = await eventually(() => {
    const entry = server.logs.find((line) => pick(String(line.msg)));
    expect(entry).toBeDefined();
    return entry!;
  });
  table.push({ mistake, line: String(found.msg), exit: '— (serve)' });
  return { server, line: String(found.msg) };
}

describe('a configuration mistake', () => {
  it.each([
    ['PORT', 'abc', 'use um número de porta de 0 a 65535'],
    ['RETENTION_DAYS', '-1', 'use um número de dias de 0 (guardar sempre) a 36500'],
    [
      'PUBLIC_URL',
      'www.rotanorte.com.br',
      'falta o esquema: escreva https:// antes do endereço, como https://www.rotanorte.com.br',
    ],
    [
      'ADMIN_TOKEN',
      'senha'.repeat(7),
      'fácil demais de adivinhar (repetições ou sequências): gere um com `openssl rand -hex 32`',
    ],
  ])('%s=%s stops the start with one Portuguese line naming the fix', async (name, value, fix) => {
    const { code, lines } = await failedStart(`\`${name}=${value}\``, { [name]: value });
    expect(code).toBe(1);
    expect(lines).toEqual([`Variável de ambiente inválida: ${name}: ${fix}`]);
  });
});

describe('a port already in use', () => {
  it('is named, with who may hold it and the fix', async () => {
    const holder = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const { code, lines } = await failedStart('The port is taken by another process', { PORT: String(port) });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `a porta ${port} já está em uso em 127.0.0.1 (EADDRINUSE): outro processo a ocupa, talvez outra cópia do ` +
          `site ou um npm run dev esquecido (veja qual com: ss -ltnp 'sport = :${port}'); ` +
          'pare-o ou escolha outra porta com PORT',
      ]);
    } finally {
      holder.close();
    }
  });
});

describe('a DATA_DIR that cannot hold the database', () => {
  it('that is a file says to point it at a folder', async () => {
    const file = path.join(tempDataDir(), 'site.db.bak');
    writeFileSync(file, '');
    const { code, lines } = await failedStart('`DATA_DIR` names a file', {}, file);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATA_DIR ${file} é um arquivo, não uma pasta: aponte DATA_DIR para uma pasta (criada se faltar)`,
    ]);
  });

  it('under /proc says it is the kernel’s, at once', async () => {
    const { code, lines } = await failedStart('`DATA_DIR=/proc/site`', {}, '/proc/site');
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^DATA_DIR \/proc\/site fica em \/proc, um sistema de arquivos virtual/),
    ]);
  });
});

// Root writes and enters anywhere: as root, these run the server as nobody (test/support/unprivileged.ts).
describe('a DATA_DIR the process may not write', () => {
  const user = unprivilegedUser();
  const root = process.getuid?.() === 0;
  /** A folder right under /tmp, which everyone may enter, that this test's user may not write. */
  const closedFolder = () => {
    const folder = mkdtempSync('/tmp/site-closed-');
    chmodSync(folder, root ? 0o755 : 0o555);
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    return folder;
  };

  it('that exists says whom to give it to', async () => {
    const dataDir = closedFolder();
    const { code, lines } = await failedStart('`DATA_DIR` the process may not write', {}, dataDir, user.spawnAs());
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^DATA_DIR sem permissão de escrita: ${dataDir} \\(EACCES\\)\\. .* chown -R \\d+:\\d+ ${dataDir}$`),
      ),
    ]);
  });

  it('that does not exist yet names the folder it would be made in, and the commands', async () => {
    const parent = closedFolder();
    const dataDir = `${parent}/dados`;
    const { code, lines } = await failedStart(
      '`DATA_DIR` under a folder the process may not write',
      {},
      dataDir,
      user.spawnAs(),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^DATA_DIR ${dataDir} não existe e não pode ser criada: ${parent} não tem permissão de escrita \\(EACCES\\)\\. ` +
            `Crie-a para o usuário do processo, por exemplo: mkdir -p ${dataDir} && chown \\d+:\\d+ ${dataDir}$`,
        ),
      ),
    ]);
  });

  it('under a folder it may not enter names that folder', async () => {
    const closed = mkdtempSync('/tmp/site-closed-');
    // No one but root enters it, not even its owner.
    chmodSync(closed, 0o000);
    onTestFinished(() => {
      chmodSync(closed, 0o700);
      rmSync(closed, { recursive: true, force: true });
    });
    const dataDir = `${closed}/site/dados`;
    const { code, lines } = await failedStart(
      '`DATA_DIR` under a folder the process may not enter',
      {},
      dataDir,
      user.spawnAs(),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATA_DIR ${dataDir} fica sob ${closed}, onde o usuário ${user.uid}:${user.gid} não pode entrar (EACCES): ` +
        `dê-lhe acesso (chmod o+x ${closed}) ou aponte DATA_DIR para outra pasta`,
    ]);
  });
});

// Uploads wait under TMPDIR for their check (server/untrusted/spool.ts); the kits run a read-only root.
describe('a TMPDIR the process may not write', () => {
  const user = unprivilegedUser();
  const root = process.getuid?.() === 0;

  it('stops the start with one line naming the fix, where every CV would have failed', async () => {
    const [dataDir, closed] = ['/tmp/site-open-', '/tmp/site-closed-'].map((prefix) => {
      const folder = mkdtempSync(prefix);
      onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      return folder;
    });
    chmodSync(dataDir!, 0o777);
    chmodSync(closed!, root ? 0o755 : 0o555);
    const { code, lines } = await failedStart(
      '`TMPDIR` the process may not write',
      { TMPDIR: closed! },
      dataDir,
      user.spawnAs(),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([
      `TMPDIR ${closed} não aceita gravação (EACCES): os currículos esperam ali pela verificação; aponte TMPDIR ` +
        'para uma pasta gravável do usuário do processo, como a imagem faz com /data/tmp',
    ]);
  });
});

describe('a second process on the same DATA_DIR', () => {
  it('is refused with one line naming the first one’s PID, and the first goes on', { timeout: 90_000 }, async () => {
    const first = await startServer();
    running.push(first);
    const { code, lines } = await failedStart('A second process on the same `DATA_DIR`', {}, first.dataDir);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `DATA_DIR ${first.dataDir} já está em uso pelo processo ${first.child.pid}: pare-o antes de iniciar este, ` +
        'ou use outro DATA_DIR; várias réplicas precisam de DATABASE_URL (PostgreSQL)',
    ]);
    expect((await fetch(`${first.url}/health/ready`)).status).toBe(200);
  });

  it('is taken over once the first is killed, with no stale lock left', { timeout: 90_000 }, async () => {
    const first = await startServer();
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await startServer({}, first.dataDir);
    running.push(second);
    expect((await fetch(`${second.url}/health/ready`)).status).toBe(200);
  });
});

describe('an SMTP relay', () => {
  it('whose name the DNS does not know stops the start with one line', async () => {
    const { code, lines } = await failedStart('`SMTP_URL` names a host the DNS does not know', {
      SMTP_URL: 'smtp://relay.nao-existe.invalid:587',
      LEADS_TO: 'vendas@rotanorte.com.br',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'o relay SMTP relay.nao-existe.invalid não existe no DNS (ENOTFOUND): corrija o host em SMTP_URL ' +
        '(ou no arquivo de SMTP_URL_FILE)',
    ]);
  });

  it('that is down is warned of at start, and each retry names the cause', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const { server, line } = await startedWith(
      'The SMTP relay is down (start)',
      { SMTP_URL: `smtp://127.0.0.1:${port}`, LEADS_TO: 'vendas@rotanorte.com.br' },
      (msg) => msg.startsWith('relay SMTP'),
    );
    expect(line).toBe(
      `relay SMTP 127.0.0.1:${port} falhou na verificação de início: connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'As notificações ficam na fila e são tentadas de novo; confira SMTP_URL e se o relay está no ar',
    );
    const posted = await fetch(`${server.url}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(lead(1)),
    });
    expect(posted.status).toBe(201);
    const retry = await eventually(() => {
      const entry = server.logs.find((entry) => String(entry.msg).startsWith('notificação por e-mail não enviada'));
      expect(entry).toBeDefined();
      return entry!;
    }, 10_000);
    expect(retry).toMatchObject({ code: 'ESOCKET', cause: `connect ECONNREFUSED 127.0.0.1:${port}` });
    table.push({
      mistake: 'The SMTP relay is down (each retry)',
      line: `${retry.msg} — "code":"ESOCKET","cause":"${retry.cause}"`,
      exit: '— (serve)',
    });
  });
});

describe('a variable a typo away from a known one', () => {
  it.each([
    ['ADMIN_TOKN', 'ADMIN_TOKEN'],
    ['DATABSE_URL', 'DATABASE_URL'],
    ['SMTP_URI', 'SMTP_URL'],
  ])('%s is warned of, naming %s', async (given, meant) => {
    const { line } = await startedWith(`\`${given}=…\``, { [given]: 'x' }, (msg) => msg.includes(given));
    expect(line).toBe(`variável ${given} desconhecida, ignorada: você quis dizer ${meant}? Corrija o nome`);
  });
});

describe('SQLite behind a proxy', () => {
  it('says once that several replicas need DATABASE_URL', async () => {
    const { server, line } = await startedWith('`TRUST_PROXY=1` on SQLite', { TRUST_PROXY: '1' }, (msg) =>
      msg.startsWith('TRUST_PROXY'),
    );
    expect(line).toContain('para várias réplicas atrás do proxy, defina DATABASE_URL (PostgreSQL)');
    expect(server.logs.filter((entry) => String(entry.msg).startsWith('TRUST_PROXY'))).toHaveLength(1);
  });
});

describe('the start-up summary', () => {
  it('says which database, channels, address, limits and version it runs on', async () => {
    const { server, line } = await startedWith('(none: the summary line)', {}, (msg) => msg.startsWith('em uso:'));
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(line).toBe(
      `em uso: banco SQLite ${server.dataDir}/site.db; e-mail desligado; webhook desligado; ` +
        `endereço público http://localhost:${new URL(server.url).port}; leads por IP 5/min e 30/h, ` +
        `recusas 20/min e 120/h; até 1000 conexões; leads apagados após 365 dias; versão ${version}`,
    );
  });
});

describe('a PostgreSQL that does not answer', () => {
  it('is waited for, one line a try, then one line and exit 1', async () => {
    const port = await freePort();
    const { code, lines, logs } = await failedStart('PostgreSQL does not answer (2 s wait)', {
      DATABASE_URL: `postgres://site:senha@127.0.0.1:${port}/site`,
      DATABASE_WAIT_SECONDS: '2',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `PostgreSQL em 127.0.0.1:${port} não respondeu em 2 s (ECONNREFUSED): confira se o servidor está no ar e o ` +
        'host e a porta em DATABASE_URL; DATABASE_WAIT_SECONDS dá mais tempo',
    ]);
    const tries = logs.filter((entry) => entry.msg.startsWith(`PostgreSQL em 127.0.0.1:${port} ainda não responde`));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(tries[0]!.msg).toBe(
      `PostgreSQL em 127.0.0.1:${port} ainda não responde (ECONNREFUSED): tentativa 1, próxima em 0,5 s, desiste em 2 s`,
    );
    expect(JSON.stringify(logs)).not.toContain('senha');
  });
});

// The refusals need a server that checks passwords: .ci/run's cluster asks for one over TCP.
const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);
describe.skipIf(TEST_DATABASE_URL && !passwordOf(TEST_DATABASE_URL))(
  'PostgreSQL refusing us',
  needs('postgres'),
  () => {
    const store = postgresSchemaForThisFile(TEST_DATABASE_URL!);

    it('for a wrong password stops at once with one line, the password unsaid', async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.password = 'senha-errada';
      const { code, lines } = await failedStart('A wrong password in `DATABASE_URL`', { DATABASE_URL: url.href });
      expect(code).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(
          new RegExp(`^PostgreSQL em ${url.host} recusou a senha do usuário ${url.username} \\(28P01\\)`),
        ),
      ]);
      expect(lines[0]).not.toContain('senha-errada');
    });

    it('for a database that does not exist says how to create it', async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = '/site_que_nao_existe';
      const { code, lines } = await failedStart('A database that does not exist', { DATABASE_URL: url.href });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `o banco site_que_nao_existe não existe em ${url.host} (3D000): crie-o (createdb -h ${url.hostname} ` +
          `-U ${url.username} site_que_nao_existe) ou corrija o nome no fim de DATABASE_URL`,
      ]);
    });

    it('for a user who may not create the search’s extensions says how to create them', async () => {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      const name = `site_sem_extensoes_${process.pid}`;
      const password = randomBytes(12).toString('hex');
      await admin.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
      await admin.query(`CREATE DATABASE ${name}`);
      onTestFinished(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${name}`);
        await admin.end();
      });
      // The tables it may create; the database (where extensions go) stays the superuser's.
      const inside = new URL(TEST_DATABASE_URL!);
      inside.pathname = `/${name}`;
      const owner = new pg.Client({ connectionString: inside.href });
      await owner.connect();
      await owner.query(`GRANT CREATE, USAGE ON SCHEMA public TO ${name}`);
      await owner.end();
      const url = new URL(inside);
      [url.username, url.password] = [name, password];

      const { code, lines } = await failedStart('A user who may not create the extensions', { DATABASE_URL: url.href });

      expect(code).toBe(1);
      expect(lines).toEqual([
        `o PostgreSQL em ${url.host} não deixa o usuário ${name} criar as extensões unaccent e pg_trgm no banco ${name} ` +
          `(42501): instale o contrib do PostgreSQL, ou crie-as uma vez como superusuário ` +
          `(psql -d ${name} -c 'CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm;')`,
      ]);
    });

    it('while it comes up is waited for, and the site starts once it answers', { timeout: 90_000 }, async () => {
      await store.open();
      const target = new URL(TEST_DATABASE_URL!);
      // A database that answers only once the site has tried it: nothing listens on `port` until then.
      const port = await freePort();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      const late = new URL(store.url);
      late.host = `127.0.0.1:${port}`;
      const sitePort = await freePort();
      const child = spawnServer({ DATABASE_URL: late.href, PORT: String(sitePort) });
      try {
        const tried = new Promise<string>((resolve) =>
          createInterface({ input: child.stdout }).on('line', (line) => {
            const { msg } = JSON.parse(line) as { msg: string };
            if (msg.includes('ainda não responde')) resolve(msg);
          }),
        );
        const firstTry = await tried;
        expect(firstTry).toMatch(/^PostgreSQL em 127\.0\.0\.1:\d+ ainda não responde \(ECONNREFUSED\): tentativa 1/);
        proxy.listen(port, '127.0.0.1');
        const server = await whenServing(child, `http://127.0.0.1:${sitePort}`, '');
        running.push(server);
        expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
        await server.stop();
      } finally {
        child.kill('SIGKILL');
        proxy.close();
      }
    });
  },
);
