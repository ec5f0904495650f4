import type { IconNode } from 'lucide';
import { createContext, createElement, use } from 'react';

// Lucide's icons as data (its `lucide` package), drawn here rather than by lucide-react, whose
// components repeat width, height, stroke width and two class names of their own on every <svg>:
// the stylesheet's `.icon` carries the presentation once. With Internet Explorer's `focusable`
// gone as well, the landing page's icons weigh much less of its first round trip
// (docs/performance.md, "What the first paint costs").

/**
 * Set below the first screen (client/components/SpriteIcons.tsx): the class that shows an icon
 * from the sprite. Unset, as in the islands, an icon is drawn in the page.
 */
export const SpriteClassContext = createContext<((icon: IconNode) => string) | undefined>(undefined);

/** A decorative Lucide icon: the text next to it carries the meaning. */
export function Glyph({ icon, className }: { icon: IconNode; className?: string }) {
  const spriteClass = use(SpriteClassContext);
  const classes = className ? `icon ${className}` : 'icon';
  if (spriteClass) return <span className={`${classes} ${spriteClass(icon)}`} aria-hidden="true" />;
  return (
    <svg viewBox="0 0 24 24" className={classes} aria-hidden="true">
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
