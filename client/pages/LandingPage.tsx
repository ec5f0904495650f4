import { skipLink } from '../../shared/content';
import { About } from '../components/About';
import { Achievements } from '../components/Achievements';
import { Areas } from '../components/Areas';
import { Careers } from '../components/Careers';
import { Certifications } from '../components/Certifications';
import { ContactSection } from '../components/ContactSection';
import { Fleet } from '../components/Fleet';
import { FloatingContact } from '../components/FloatingContact';
import { Hero } from '../components/Hero';
import { Services } from '../components/Services';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { SpriteIcons } from '../components/SpriteIcons';
import { Technology } from '../components/Technology';

export function LandingPage() {
  return (
    <>
      <a className="skip-link" href={skipLink.href}>
        {skipLink.label}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Hero />
        {/* Below the first screen each icon is drawn once, in a file fetched as the sections come near. */}
        <SpriteIcons>
          <Achievements />
          <About />
          <Services />
          <Fleet />
          <Technology />
          <Areas />
          <Certifications />
          <Careers />
          <ContactSection />
        </SpriteIcons>
      </main>
      <SpriteIcons>
        <SiteFooter />
      </SpriteIcons>
      {/* Not inside the footer, which is skipped until near (styles.css): it would show only there. */}
      <FloatingContact />
    </>
  );
}
