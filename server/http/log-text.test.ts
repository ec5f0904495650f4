import { describe, expect, it } from 'vitest';
import { LOGGED_TEXT_MAX, loggedPath, loggedText } from './log-text';

describe('text written into a log line', () => {
  it('has every C0 and C1 control character written as a visible escape', () => {
    expect(loggedText('a\u001b[2Jb\u0000c\u007fd\u009be\u0085')).toBe('a\\u001b[2Jb\\u0000c\\u007fd\\u009be\\u0085');
  });

  it('is returned as it is when it holds no control character', () => {
    const text = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36 çã';
    expect(loggedText(text)).toBe(text);
  });

  it('is cut before it is escaped', () => {
    expect(loggedText('x'.repeat(LOGGED_TEXT_MAX + 10))).toHaveLength(LOGGED_TEXT_MAX);
  });

  it('gives a path without its query, and an absolute-form target without its credentials', () => {
    expect(loggedPath('/contato?email=a@b.c')).toBe('/contato');
    expect(loggedPath('https://ana:segredo@exemplo.com.br/a@b?x')).toBe('https://exemplo.com.br/a@b');
    expect(loggedPath('/a@b')).toBe('/a@b');
  });
});
