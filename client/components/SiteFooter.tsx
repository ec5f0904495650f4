import { Mail, MapPin, Phone } from 'lucide';
import { company, footer, serviceHours, services } from '../../shared/content';
import { Logo } from '../../shared/logo';
import { Glyph } from './Glyph';
import { SocialIcons } from './SocialIcons';

type FooterLink = { href: string; label: string };

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div className="footer__column">
      <h2 className="footer__title">{title}</h2>
      <ul className="footer__links">
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const serviceLinks = services.cards.map((card) => ({ href: '#services', label: card.title }));
  const { address } = company;
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <Logo className="brand--on-dark" />
          <p>{footer.about}</p>
          <SocialIcons />
        </div>
        <nav className="footer__nav" aria-label={footer.footerNavLabel}>
          <LinkColumn title={footer.quickLinksTitle} links={footer.quickLinks} />
          <LinkColumn title={footer.servicesTitle} links={serviceLinks} />
        </nav>
        <div className="footer__column">
          <h2 className="footer__title">{footer.contactTitle}</h2>
          <ul className="footer__contact">
            <li>
              <Glyph icon={Phone} />
              <a href={company.phone.href}>{company.phone.display}</a>
            </li>
            <li>
              <Glyph icon={Mail} />
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
            <li>
              <Glyph icon={MapPin} />
              <span>
                {address.street}, {address.city} – {address.state}
              </span>
            </li>
          </ul>
          <p className="footer__hours">{serviceHours.short}</p>
          <p className="footer__hours">{serviceHours.support}</p>
        </div>
      </div>
      <div className="container footer__bottom">
        <div>
          <p>
            © {new Date().getFullYear()} {company.legalName}. {footer.copyright}
          </p>
          <p>
            {footer.cnpjLabel} {company.cnpj}
          </p>
        </div>
        <ul className="footer__legal" aria-label={footer.legalTitle}>
          {footer.legalLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
