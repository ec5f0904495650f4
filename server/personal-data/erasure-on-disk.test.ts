import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testRepository } from '../../test/support/app';
import { BY_TOKEN, fullQuote, validContact, validQuote } from '../../test/support/leads';
import { SQLITE_FILE } from '../db/sqlite';
import { CHANNELS } from '../module/messages';

// docs/requirements.md §10.17: an erasure leaves no readable copy in SQLite's files, the main file
// and its write-ahead log read byte by byte while the server still runs, and after it stopped.

const EMAIL = 'titular.apagado@exemplo-lgpd.com.br';
const MESSAGE = 'Mensagem que só o titular escreveu: coleta em Marabá, 7f3a';
const NOTES = 'Observação que só o titular escreveu, 9c1d';
/** Long enough to spill out of its row's page into overflow pages. */
const LONG = `${'Carga fracionada semanal. '.repeat(150)}Fim da mensagem longa do titular, 5e2b`;
const KEPT = 'Mensagem de outra pessoa, que fica';

/** How many times `text` appears, as UTF-8 bytes, in the file, or 0 when the file is not there. */
function copies(file: string, text: string) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return 0;
  }
  const needle = Buffer.from(text);
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count++;
  return count;
}

describe('an erasure on SQLite', () => {
  it('leaves no copy of the address or the text in the database file or its WAL, running or stopped', async () => {
    const dataDir = tempDir();
    const repository = testRepository(dataDir, { channels: CHANNELS });
    for (let n = 0; n < 3; n++)
      await repository.contacts.createContact(
        validContact({ name: 'Titular', email: EMAIL, phone: '+55 94 99876-5432', message: MESSAGE }),
        { key: `k${n}`, fingerprint: 'f' },
      );
    await repository.quotes.createQuote(validQuote({ ...fullQuote, email: EMAIL, notes: NOTES }));
    await repository.contacts.createContact(validContact({ name: 'Titular', email: EMAIL, message: LONG }));
    await repository.contacts.createContact(
      validContact({ name: 'Outra Pessoa', email: 'outra@exemplo.com.br', message: KEPT }),
    );
    // Some copies already sent: their rows were rewritten without the lead, which must not linger either.
    const email = repository.outbox.channel('email');
    for (let n = 0; n < 2; n++) await email.markSent((await email.claim(60_000))!);

    await repository.personalData.eraseSubject(EMAIL, BY_TOKEN);

    const files = [SQLITE_FILE, `${SQLITE_FILE}-wal`].map((name) => path.join(dataDir, name));
    const subject = [EMAIL, MESSAGE, NOTES, LONG.slice(-40)];
    const found = () => files.map((file) => subject.map((text) => copies(file, text)));
    const none = files.map(() => subject.map(() => 0));
    expect(found()).toEqual(none);
    // The check reads the right bytes: the other person's lead is in the file, once at least.
    expect(copies(files[0]!, KEPT)).toBeGreaterThan(0);
    await repository.close();
    expect(found()).toEqual(none);
  });

  it('keeps the address only in the erasure’s notice to the webhook, and in no file once it is delivered', async () => {
    const dataDir = tempDir();
    const repository = testRepository(dataDir, { channels: ['webhook'] });
    await repository.contacts.createContact(validContact({ name: 'Titular', email: EMAIL, message: MESSAGE }));
    const webhook = repository.outbox.channel('webhook');
    await webhook.markSent((await webhook.claim(60_000))!);

    await repository.personalData.eraseSubject(EMAIL, BY_TOKEN);

    const files = [SQLITE_FILE, `${SQLITE_FILE}-wal`].map((name) => path.join(dataDir, name));
    const found = () => files.map((file) => [copies(file, EMAIL), copies(file, MESSAGE)]);
    // The notice waits for the receiver with the address it must name, and nothing else of the lead.
    expect(found()).toEqual([
      [1, 0],
      [0, 0],
    ]);
    const notice = (await webhook.claim(60_000))!;
    expect(notice.kind).toBe('subject.erased');
    await webhook.markSent(notice);
    expect(found()).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
