import { use } from 'react';
import { applicationPrivacy } from '../../shared/application-page';
import { company, privacy, skipLink } from '../../shared/content';
import { Logo } from '../../shared/logo';
import { PrivacyFactsContext } from '../privacy-facts';

/**
 * The privacy notice (LGPD art. 9), from the company's data and this install's configuration:
 * how long leads are kept and who receives them follow RETENTION_DAYS, SMTP_URL and WEBHOOK_URL;
 * how long job applications are kept, APPLICATION_RETENTION_DAYS.
 * A document to read: no script, no island.
 */
export function PrivacyPage() {
  const facts = use(PrivacyFactsContext);
  const { address, dataProtection } = company;
  const { controller, collected, retention, recipients, rights } = privacy;
  return (
    <>
      <a className="skip-link" href={skipLink.href}>
        {skipLink.label}
      </a>
      <header className="container topbar__inner notice">
        <Logo href="/" />
        <a href="/">{privacy.backHome}</a>
      </header>
      <main id="main" tabIndex={-1} className="container notice">
        <h1>{privacy.heading}</h1>
        <p>{privacy.intro}</p>

        <h2>{controller.heading}</h2>
        <p>
          {controller.text} {company.legalName}, CNPJ {company.cnpj}, {address.street}, {address.city} – {address.state}
          , CEP {address.postalCode}. Telefone <a href={company.phone.href}>{company.phone.display}</a>, e-mail{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>.
        </p>
        <p>
          {controller.dpo} {dataProtection.name}, <a href={`mailto:${dataProtection.email}`}>{dataProtection.email}</a>.
        </p>

        <h2>{collected.heading}</h2>
        <p>{collected.form}</p>
        <p>{collected.purpose}</p>
        {facts.emailProvider && <p>{collected.receipt}</p>}
        <p>{collected.technical}</p>

        <h2>{retention.heading}</h2>
        <p>{facts.retentionDays > 0 ? retention.days(facts.retentionDays) : retention.forever}</p>

        <h2 id={applicationPrivacy.id}>{applicationPrivacy.heading}</h2>
        <p>{applicationPrivacy.text}</p>
        <p>{applicationPrivacy.retention(facts.applicationRetentionDays)}</p>

        <h2>{recipients.heading}</h2>
        <ul>
          <li>{recipients.team}</li>
          {facts.emailProvider && <li>{recipients.email(facts.emailProvider)}</li>}
          {facts.crm && <li>{recipients.crm(facts.crm)}</li>}
          {!facts.emailProvider && !facts.crm && <li>{recipients.none}</li>}
        </ul>

        <h2 id={rights.id}>{rights.heading}</h2>
        <p>{rights.intro}</p>
        <ul>
          {rights.list.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
        <p>
          {rights.how} <a href={`mailto:${dataProtection.email}`}>{dataProtection.email}</a> {rights.howDetail}
        </p>
      </main>
      <footer className="container notice">
        <p>
          © {new Date().getFullYear()} {company.legalName}. CNPJ {company.cnpj}.
        </p>
      </footer>
    </>
  );
}
