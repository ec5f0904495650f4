import { describe, expect, it } from 'vitest';
import { openingHoursText } from './opening-hours';

describe('the opening hours as people read them', () => {
  it('are the text the site shows (docs/requirements.md §9.2)', () => {
    expect(openingHoursText()).toBe('Seg–Sex 7h–18h · Sáb 8h–12h');
  });

  it('name a lone day by itself and keep the minutes of a time off the hour', () => {
    expect(openingHoursText([{ days: ['Sunday'], opens: '08:30', closes: '12:00' }])).toBe('Dom 8h30–12h');
  });
});
