import { Check, Mail, Send } from 'lucide';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Glyph } from './Glyph';
import { SpriteIcons } from './SpriteIcons';
import { SPRITE_ICONS } from './sprite';

describe('an icon', () => {
  it('is drawn in the page where nothing asks for the sprite, as in the islands', () => {
    expect(renderToStaticMarkup(<Glyph icon={Check} className="checklist__icon" />)).toBe(
      '<svg viewBox="0 0 24 24" class="icon checklist__icon" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>',
    );
  });

  it('is a class naming its cell in the sprite below the first screen, its own classes kept', () => {
    const markup = renderToStaticMarkup(
      <SpriteIcons>
        <Glyph icon={Mail} />
        <Glyph icon={Check} className="checklist__icon" />
      </SpriteIcons>,
    );
    expect(markup).toBe(
      '<span class="icon i-mail" aria-hidden="true"></span>' +
        '<span class="icon checklist__icon i-check" aria-hidden="true"></span>',
    );
  });

  it('refuses, naming the list, an icon the sprite does not hold', () => {
    expect(() =>
      renderToStaticMarkup(
        <SpriteIcons>
          <Glyph icon={Send} />
        </SpriteIcons>,
      ),
    ).toThrow(/SPRITE_ICONS/);
  });

  it('has each drawing once in the sprite, under a name of its own', () => {
    const icons = SPRITE_ICONS.map(([, icon]) => icon);
    const names = SPRITE_ICONS.map(([name]) => name);
    expect(new Set(icons).size).toBe(icons.length);
    expect(new Set(names).size).toBe(names.length);
  });
});
