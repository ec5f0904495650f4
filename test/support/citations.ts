import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// What the docs and the code comments cite: repository paths, and sections of Markdown files.
// Only what is unmistakably a pointer is read as one: a path whose first segment is a top-level
// folder of the repository (or that names a file at its root), a link, a quoted section title
// after a Markdown file's name. Everything else in the prose is left alone.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export type Citation = { in: string; line: number; cites: string };
export type SectionCitation = Citation & { file: string; section: string };

/** The repository's files, tracked or new (ignored ones, such as node_modules and dist, left out). */
export function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT });
  return out.toString('utf8').split('\0').filter(Boolean);
}

/** The names a citation may start with: the top-level folders, and the files at the root. */
export function topLevel(files: string[]) {
  const folders = new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!));
  const rootFiles = new Set(files.filter((file) => !file.includes('/')));
  return { folders, rootFiles };
}

const SLASH_COMMENTS = /\.(ts|tsx|mjs|js)$/;
const HASH_COMMENTS = /(^|\/)(Dockerfile|run)$|\.(ya?ml|cfg|sh)$/;

/** Copied unchanged from elsewhere: their paths are their authors' (docker-standins.sh names paths in images). */
const VENDORED = new Set(['.ci/docker-standins.sh']);

/** Which of `files` cite: Markdown (all of its text) and code (its comments), ours alone. */
export function citingFiles(files: string[]) {
  return files.filter(
    (file) => !VENDORED.has(file) && (file.endsWith('.md') || SLASH_COMMENTS.test(file) || HASH_COMMENTS.test(file)),
  );
}

/**
 * The text of a file that may cite, with everything else blanked out and the line breaks kept (so
 * that a line number stays true): all of a Markdown file; the comments of code, their markers
 * (`//`, `*`, `#`) removed.
 */
export function citingText(file: string, text: string): string {
  if (file.endsWith('.md')) return text;
  if (SLASH_COMMENTS.test(file)) return slashComments(text);
  return text
    .split('\n')
    .map((line) => line.match(/(?:^|\s)#(.*)$/)?.[1] ?? '')
    .join('\n');
}

/**
 * The comments of JavaScript or TypeScript: a small scanner that steps over strings, template
 * literals and regular expressions, so that `'**\/*.test.ts'` or `'http://…'` start no comment.
 */
function slashComments(text: string): string {
  let out = '';
  let i = 0;
  let previous = ''; // the last significant character of code, to tell a regex from a division
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      out += `  ${text.slice(i + 2, end)}`;
      i = end;
    } else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close === -1 ? text.length : close + 2;
      out += `  ${text.slice(i + 2, end - 2).replace(/^([ \t]*)\*(?!\/)/gm, '$1 ')}  `;
      i = end;
    } else if (c === "'" || c === '"' || c === '`' || (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]/.test(previous))) {
      const end = endOfLiteral(text, i);
      out += blank(i, end);
      previous = c;
      i = end;
    } else {
      out += c;
      if (!/\s/.test(c)) previous = c;
      i += 1;
    }
  }
  return out;
}

/** Where the string, template or regular expression opened at `start` ends (just past it). */
function endOfLiteral(text: string, start: number): number {
  const quote = text[start]!;
  let inClass = false;
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\') i += 1;
    else if (quote === '/' && c === '[') inClass = true;
    else if (quote === '/' && c === ']') inClass = false;
    else if (c === quote && !inClass) return i + 1;
    else if (c === '\n' && quote !== '`') return i;
  }
  return text.length;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A path-like word: segments of letters, digits, `_`, `.` and `-` joined by slashes. */
const PATHLIKE = /(?<![\w.@/:-])[\w.-]+(?:\/[\w.-]+)*\/?/g;

/** Repository paths cited in `text` (already reduced to what cites), as written. */
export function citedPaths(file: string, text: string, top: ReturnType<typeof topLevel>): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(PATHLIKE)) {
    const cites = match[0].replace(/\.$/, '');
    const first = cites.split('/')[0]!;
    const isPath = cites.includes('/') ? top.folders.has(first) : top.rootFiles.has(cites);
    // A glob (`e2e/**/*.test.ts`) or a placeholder (`server/*/openapi.ts`) names no one path.
    const glob = /^[*{]/.test(text.slice(match.index + match[0].length));
    if (isPath && !glob) found.push({ in: file, line: lineOf(text, match.index), cites });
  }
  return found;
}

/** Relative Markdown links (`[text](target)`, `[text](target#anchor)`), resolved from `file`. */
export function markdownLinks(file: string, text: string): (Citation & { target: string; anchor?: string })[] {
  const found = [];
  for (const match of text.matchAll(/\]\(([^()\s]+)\)/g)) {
    const cites = match[1]!;
    if (/^[a-z]+:/i.test(cites)) continue;
    const [target = '', anchor] = cites.split('#');
    const resolved = target ? path.posix.join(path.posix.dirname(file), target) : file;
    found.push({ in: file, line: lineOf(text, match.index), cites, target: resolved, anchor });
  }
  return found;
}

/**
 * Sections cited by title after the file that holds them: `README "Configuration"`,
 * `docs/operations.md, "A rolling deploy"`. A title may run over a comment's line break.
 */
export function quotedSections(file: string, text: string, top: ReturnType<typeof topLevel>): SectionCitation[] {
  const found: SectionCitation[] = [];
  const pattern = /(?<![\w./-])((?:[\w.-]+\/)*[\w.-]+\.md|README|ARCHITECTURE),?\s+"([^"]+)"/g;
  for (const match of text.matchAll(pattern)) {
    const named = match[1]!;
    const withExtension = named.endsWith('.md') ? named : `${named}.md`;
    const fromRoot = !named.includes('/') ? top.rootFiles.has(withExtension) : top.folders.has(named.split('/')[0]!);
    const target = fromRoot ? withExtension : path.posix.join(path.posix.dirname(file), withExtension);
    const section = match[2]!.replace(/\s+/g, ' ');
    found.push({ in: file, line: lineOf(text, match.index), cites: match[0], file: target, section });
  }
  return found;
}

/** A Markdown file's headings: their titles (without inline code marks) and GitHub's anchors for them. */
export function headings(markdown: string) {
  const titles: string[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const title = heading[1]!.replace(/`/g, '');
    titles.push(title);
    // GitHub's slug: lower case, punctuation dropped, each space a hyphen; repeats get -1, -2…
    const slug = title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return { titles, anchors };
}

export const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
