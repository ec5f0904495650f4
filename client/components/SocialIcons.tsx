import { company } from '../../shared/content';
import { Glyph } from './Glyph';
import { SOCIAL_MARKS } from './social-marks';

/** Icon-only links: the aria-label is the accessible name and data-tooltip shows the same text. */
export function SocialIcons() {
  return (
    <ul className="social">
      {company.social.map((item) => (
        <li key={item.network}>
          <a className="icon-button has-tooltip" href={item.href} aria-label={item.label} data-tooltip={item.label}>
            <Glyph icon={SOCIAL_MARKS[item.network]} />
          </a>
        </li>
      ))}
    </ul>
  );
}
