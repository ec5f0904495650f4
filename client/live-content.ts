import { createContext } from 'react';
import type { LiveContent } from '../shared/content';

/** What the pages show from the database (the open positions), as the server last read it. */
export const LiveContentContext = createContext<LiveContent>({ positions: [] });
