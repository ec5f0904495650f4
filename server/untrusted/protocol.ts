// The messages between the server and a child (Node's IPC channel, structured clone): one file's
// bytes and what to do with them in, one answer out, one at a time.

/** Sent once, when the child has loaded its code and judged a first file: its memory is then measured and capped. */
export type Ready = { ready: true };

/** A file to judge, with what the caller asks of it. */
export type Job<Params> = { id: number; bytes: Uint8Array; params: Params };

/** The judge's answer, or the error it threw (then the child is replaced: its state is not trusted). */
export type Reply<Answer> = { id: number; answer: Answer } | { id: number; thrown: string };
