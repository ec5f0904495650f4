import { company } from './content';

// The brand, drawn by the site, the workplace and the customer's proposal page alike (server/proposals/page.tsx
// renders no client/ view).

/** The brand mark (same drawing as public/favicon.svg) with the company name. */
export function Logo({ className = '', href = '#home' }: { className?: string; href?: string }) {
  return (
    <a className={`brand ${className}`} href={href}>
      <svg className="brand__mark" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0b2545" />
        <path d="M7 25 L16 7 L25 25" fill="none" stroke="#f59e0b" strokeWidth="3.5" strokeLinejoin="round" />
        <path d="M16 14v3M16 20v3" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="brand__text">
        <span className="brand__name">{company.shortName}</span>
        <span className="brand__tagline">{company.tagline}</span>
      </span>
    </a>
  );
}
