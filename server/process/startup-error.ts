/**
 * A reason not to start that one line explains: the process entry prints the message alone, with
 * no stack, and exits 1. Anything else that stops the start-up is a bug and keeps its stack.
 */
export class StartupError extends Error {}
