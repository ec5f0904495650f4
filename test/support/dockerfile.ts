import { readFileSync } from 'node:fs';

// No container engine runs here: tests perform the Dockerfile's steps by hand and start the server
// as its CMD and ENV say, all read from the Dockerfile itself.

const text = readFileSync('Dockerfile', 'utf8');
/** Continuation lines joined, so that each instruction is one line. */
const joined = text.replace(/\\\n\s*/g, ' ');
const stages = joined.split(/^FROM /m).slice(1);
const runtime = stages.at(-1)!;
const instructions = (stage: string, name: string) =>
  stage
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1));

export const dockerfile = {
  text,
  /** The build stage's RUN commands, in order. */
  buildRuns: instructions(stages[0]!, 'RUN'),
  /** What the runtime stage copies from the build stage: [from, to], relative to /app. */
  runtimeCopies: [...runtime.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S+)$/gm)].map(
    (match) => [match[1]!, match[2]!] as const,
  ),
  /** The runtime stage's ENV. */
  runtimeEnv: Object.fromEntries(
    [...(instructions(runtime, 'ENV')[0] ?? '').matchAll(/(\w+)=(?:"([^"]*)"|(\S+))/g)].map((match) => [
      match[1]!,
      match[2] ?? match[3]!,
    ]),
  ) as Record<string, string>,
  /** The image's CMD, as exec-form arguments. */
  cmd: JSON.parse(instructions(runtime, 'CMD')[0]!) as string[],
  healthcheck: instructions(runtime, 'HEALTHCHECK')[0] ?? '',
};
