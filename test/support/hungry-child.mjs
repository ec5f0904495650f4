// A child that speaks the judges' protocol (server/untrusted/protocol.ts) by hand and does, for each
// file, what its params ask: the hostile behaviours the cap must stop (server/untrusted/capped-child.test.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const held = [];
const acts = {
  /** Buffers outside the heap, as pdf.js's decoded streams were. */
  buffers: ({ megabytes }) => {
    for (let n = 0; n < megabytes; n++) held.push(Buffer.alloc(1024 * 1024, 1));
    return held.length;
  },
  /** The V8 heap itself. */
  heap: () => {
    const objects = [];
    for (;;) objects.push({ n: objects.length, text: `objeto ${objects.length}` });
  },
  spin: () => {
    for (;;);
  },
  environment: () => Object.keys(process.env),
  readSecret: ({ path }) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      return error.code;
    }
  },
  spawn: () => {
    try {
      return execFileSync('id', { encoding: 'utf8' });
    } catch (error) {
      return error.code;
    }
  },
  echo: (_params, bytes) => bytes.length,
};

process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, bytes, params }) => {
  try {
    process.send({ id, answer: acts[params.act](params, bytes) });
  } catch (error) {
    process.send({ id, thrown: String(error?.message ?? error) });
  }
});
process.send({ ready: true });
