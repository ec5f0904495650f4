import { createContext } from 'react';
import type { PrivacyFacts } from '../shared/content';

/** What the privacy notice says of this install's configuration (the server's RETENTION_DAYS, channels). */
export const PrivacyFactsContext = createContext<PrivacyFacts>({ retentionDays: 365, applicationRetentionDays: 365 });
