import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqlite, type Repository } from '../../server/composition/repository';
import { addMember, sessionOf } from '../../test/support/members';
import { type RenderedPage, renderedPages } from '../../test/support/rendered-pages';
import { tempDataDir } from '../../test/support/server-process';
import { startTeamServer } from '../../test/support/team';
import { DRIVER_POSITION, teamPages, type Viewer } from '../../test/support/team-pages';
import { needs } from '../../test/support/tools';
import { eventually } from '../../test/support/wait';

const run = promisify(execFile);
/** The checker as npm's vnu-jar ships it; its own launcher would download a Java where none is found. */
const require = createRequire(import.meta.url);
const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

/**
 * CSS the page uses that is newer than the checker, each property by name: the Nu Html Checker's
 * CSS validator does not know CSS anchor positioning yet, which Chromium ships and the header menu
 * uses (client/styles.css). Anything else it reports fails the test.
 */
const NEWER_THAN_THE_CHECKER = ['anchor-name', 'position-anchor', 'position-area'];

type Message = { type: string; subType?: string; url: string; message: string; lastLine?: number; extract?: string };

/** The property the checker's CSS validator does not know, if that is what `message` says. */
const unknownProperty = ({ message }: Message) => /^CSS: “([\w-]+)”: Property “\1” doesn't exist\.$/.exec(message)?.[1];
const isAllowed = (message: Message) => NEWER_THAN_THE_CHECKER.includes(unknownProperty(message) ?? '');

/** Runs the W3C's Nu Html Checker (npm's vnu-jar, on the machine's Java) over `files` at once. */
async function check(files: string[]) {
  const { stdout } = await run(
    'java',
    ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return (JSON.parse(stdout) as { messages: Message[] }).messages;
}

/** The session cookie `viewer` sends, written into the store as a sign-in writes it; none for nobody. */
async function cookieOf(store: Repository, viewer: Viewer) {
  if (viewer === 'nobody') return undefined;
  const member = await addMember(store, viewer === 'admin' ? 'admin' : 'vendas');
  return (await sessionOf(store, member.id, viewer === 'enrolling' ? 'enrol' : 'full')).cookie;
}

/** Every page of the public site and of the team's, each with the cookie of who sees it. */
async function everyPage(store: Repository, url: string): Promise<(RenderedPage & { cookie?: string })[]> {
  const team = [];
  for (const page of teamPages)
    team.push({ ...page, path: await page.path({ store, url }), cookie: await cookieOf(store, page.viewer) });
  return [...renderedPages, ...team];
}

describe('every page the site renders', needs('java'), () => {
  // The checker is a Java program of 30 MB: its start alone takes seconds, more on a busy machine.
  it('is valid HTML to the Nu Html Checker, but for CSS properties newer than it', { timeout: 180_000 }, async () => {
    const server = await startTeamServer({});
    const store = openSqlite(server.dataDir);
    onTestFinished(async () => {
      await store.close();
      await server.stop();
    });
    const folder = tempDataDir();
    // The checker names each file by its URL.
    const files: Record<string, string> = {};
    const paths: string[] = [];
    const pages = await everyPage(store, server.url);
    // The panel's pages published a position: "/" is checked once it shows it (decision 048).
    await eventually(async () => expect(await (await fetch(server.url)).text()).toContain(DRIVER_POSITION.title));
    for (const [index, page] of pages.entries()) {
      const res = await fetch(`${server.url}${page.path}`, {
        method: page.form ? 'POST' : 'GET',
        headers: {
          ...(page.form && { 'content-type': 'application/x-www-form-urlencoded', ...page.form.headers }),
          ...(page.cookie && { cookie: page.cookie }),
        },
        body: page.form?.body,
        redirect: 'manual',
      });
      expect(res.status, page.name).toBe(page.status);
      expect(res.headers.get('content-type'), page.name).toMatch(/^text\/html/);
      const file = path.join(folder, `page-${index}.html`);
      writeFileSync(file, await res.text());
      files[`file:${file}`] = page.name;
      paths.push(file);
    }

    const messages = await check(paths);

    // Errors and warnings; plain information (React's `<meta … />`: "a trailing slash has no effect") is not a fault.
    const reported = messages
      .filter((message) => (message.type !== 'info' || message.subType === 'warning') && !isAllowed(message))
      .map((message) => `${files[message.url] ?? message.url}: ${message.type} ${message.message}`);
    expect(reported).toEqual([]);
    // Each allowed property is still one the checker lacks: one it learns leaves the list.
    const unknown = new Set(messages.map(unknownProperty).filter(Boolean));
    expect([...unknown].sort()).toEqual(NEWER_THAN_THE_CHECKER);
  });
});
