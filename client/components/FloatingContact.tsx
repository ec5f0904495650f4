import { MessageCircle } from 'lucide';
import { floatingContact } from '../../shared/content';
import { Glyph } from './Glyph';

/**
 * Icon-only link: aria-label is its name, data-tooltip shows the same text after 700 ms
 * (docs/requirements.md §9.1).
 */
export function FloatingContact() {
  return (
    <a
      className="floating-contact has-tooltip has-tooltip--left"
      href={floatingContact.href}
      aria-label={floatingContact.label}
      data-tooltip={floatingContact.label}
    >
      <Glyph icon={MessageCircle} />
    </a>
  );
}
