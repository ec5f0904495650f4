import { Clock, Mail, Phone, Route } from 'lucide';
import { company, headerCta, serviceHours, trackingEntry } from '../../shared/content';
import { Logo } from '../../shared/logo';
import HeaderMenu from '../islands/HeaderMenu';
import { Glyph } from './Glyph';
import { Island } from './Island';

/** Contact bar, brand, the menu island and the quote button. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <a className="topbar__item" href={company.phone.href}>
            <Glyph icon={Phone} />
            {company.phone.display}
          </a>
          <a className="topbar__item" href={trackingEntry.path}>
            <Glyph icon={Route} />
            {trackingEntry.headerLabel}
          </a>
          <a className="topbar__item topbar__item--email" href={`mailto:${company.email}`}>
            <Glyph icon={Mail} />
            {company.email}
          </a>
          <p className="topbar__item topbar__item--hours">
            <Glyph icon={Clock} />
            {serviceHours.short}
          </p>
        </div>
      </div>
      <div className="container site-header__bar">
        <Logo />
        <a className="button button--accent site-header__cta" href={headerCta.href}>
          <span className="site-header__cta-long">{headerCta.label}</span>
          <span className="site-header__cta-short">{headerCta.shortLabel}</span>
        </a>
        <Island name="menu" component={HeaderMenu} props={{}} />
      </div>
    </header>
  );
}
