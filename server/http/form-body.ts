import { refuse } from './refusals';

/** More fields than the form has many times over: a bot's body, not a person's. */
const MAX_FIELDS = 50;

/** Every value of a repeated field, in order, so that a repetition is seen rather than silently dropped. */
export type FormFields = Record<string, string | string[]>;

const decodeComponent = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // A stray "%" or escaped bytes that are not UTF-8: what a browser sends never looks like this.
    throw refuse('INVALID_TEXT');
  }
};

/**
 * application/x-www-form-urlencoded as browsers send it (WHATWG URL §5), but strict where the
 * standard's parser is lenient: bytes that do not decode as UTF-8 are refused, not stored as
 * they came or replaced with U+FFFD.
 */
export function parseForm(text: string): FormFields {
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_FIELDS) throw refuse('TOO_MANY_FIELDS');
  const fields: FormFields = Object.create(null);
  for (const pair of pairs) {
    const split = pair.indexOf('=');
    const name = decodeComponent(split < 0 ? pair : pair.slice(0, split));
    const value = split < 0 ? '' : decodeComponent(pair.slice(split + 1));
    const previous = fields[name];
    fields[name] = previous === undefined ? value : [previous, value].flat();
  }
  return fields;
}
