// The messages between the server and a child (Node's IPC channel, structured clone): one file's
// bytes and what to do with them in, one answer out, one at a time.

/** Sent once, when the child has loaded its code and judged a first file: its memory is then measured and capped. */
export type Ready = { ready: true };

/** A file to judge, sent whole or left where it was spooled (spool.ts), with what the caller asks of it. */
export type Job<Params> = { id: number; params: Params } & ({ bytes: Uint8Array } | { path: string });

/** What a child judges: bytes, or an upload on disk. */
export type JudgedInput = Buffer | { path: string; bytes: number };

/** The judge's answer, or the error it threw (then the child is replaced: its state is not trusted). */
export type Reply<Answer> = { id: number; answer: Answer } | { id: number; thrown: string };
