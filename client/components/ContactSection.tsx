import { Clock, Headset, Mail, MapPin, MessageCircle, Phone, Timer } from 'lucide';
import { use } from 'react';
import { company, contactSection, serviceHours } from '../../shared/content';
import ContactIsland from '../islands/ContactIsland';
import { Glyph } from './Glyph';
import { Island, IslandStatesContext } from './Island';
import { SectionHeading } from './SectionHeading';

export function ContactSection() {
  const { labels } = contactSection;
  const { address } = company;
  const formState = use(IslandStatesContext).contact ?? {};
  return (
    <section id="contact" className="section section--dark" aria-labelledby="contact-title">
      <div className="container contact">
        <div className="contact__intro">
          <SectionHeading
            id="contact-title"
            eyebrow={contactSection.eyebrow}
            title={contactSection.title}
            lead={contactSection.lead}
            tone="dark"
          />
          <p className="contact__response">
            <Glyph icon={Timer} />
            {serviceHours.response}
          </p>
          <h3 className="contact__info-title">{contactSection.infoTitle}</h3>
          <ul className="contact__info">
            <li>
              <Glyph icon={Phone} />
              <span>
                {labels.phone}: <a href={company.phone.href}>{company.phone.display}</a>
              </span>
            </li>
            <li>
              <Glyph icon={MessageCircle} />
              <span>
                {labels.whatsapp}: <a href={company.whatsapp.href}>{company.whatsapp.display}</a>
              </span>
            </li>
            <li>
              <Glyph icon={Mail} />
              <span>
                {labels.email}: <a href={`mailto:${company.email}`}>{company.email}</a>
              </span>
            </li>
            <li>
              <Glyph icon={MapPin} />
              <span>
                {labels.address}: {address.street}, {address.city} – {address.state}, {labels.postalCode}{' '}
                {address.postalCode}
              </span>
            </li>
            <li>
              <Glyph icon={Clock} />
              <span>
                {labels.hours}: {serviceHours.short}
              </span>
            </li>
            <li>
              <Glyph icon={Headset} />
              <span>{serviceHours.support}</span>
            </li>
          </ul>
        </div>
        <div className="contact__form-card">
          <Island name="contact" hydrateOn="visible" component={ContactIsland} props={formState} />
        </div>
      </div>
    </section>
  );
}
