/**
 * A request the site refuses with a Portuguese message written for whoever sent it: API clients
 * read it as JSON, and the form without JavaScript shows it on its page (docs/requirements.md §4.2).
 */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
