import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactFormState } from '../../shared/contact-form';
import { createQueryClient } from '../query-client';
import { ContactForm } from './ContactForm';
import { Toasts } from './Toasts';

/** The contact island: its providers live here, inside the only part of the page that needs them. */
export default function ContactIsland(state: ContactFormState) {
  // One client per island root: in the browser that is one for the page, never one shared by server requests.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ContactForm {...state} />
      <Toasts />
    </QueryClientProvider>
  );
}
