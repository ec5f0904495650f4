import { ArrowRight } from 'lucide';
import { hero } from '../../shared/content';
import { Glyph } from './Glyph';
import { Icon } from './Icon';

export function Hero() {
  return (
    <section id="home" className="hero" aria-labelledby="home-title">
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="eyebrow eyebrow--on-dark">{hero.eyebrow}</p>
          <h1 id="home-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__lead">{hero.lead}</p>
          <div className="hero__actions">
            <a className="button button--accent button--large" href={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <Glyph icon={ArrowRight} />
            </a>
            <a className="button button--ghost button--large" href={hero.secondaryCta.href}>
              {hero.secondaryCta.label}
            </a>
          </div>
          <ul className="hero__figures">
            {hero.figures.map((figure) => (
              <li key={figure.label} className="hero__figure">
                <Icon name={figure.icon} className="hero__figure-icon" />
                <span>
                  <strong>{figure.value}</strong> {figure.label}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <img
          className="hero__image"
          src={hero.image.src}
          width={hero.image.width}
          height={hero.image.height}
          alt={hero.image.alt}
          // The headline, not this picture, is the largest paint: the text must not wait for it.
          fetchPriority="low"
          decoding="async"
        />
      </div>
    </section>
  );
}
