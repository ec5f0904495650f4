import { z } from 'zod';
import type { ContactField } from './contact-form';
import { email, optionalText, phone, requiredText } from './fields';

/** POST /api/contacts: the one schema the server validates with and the types come from. */
export const contactInputSchema = z.object({
  name: requiredText({ label: 'seu nome', max: 120 }),
  email,
  phone,
  company: optionalText({ max: 160 }),
  message: requiredText({ label: 'uma mensagem', max: 5000, multiline: true }),
} satisfies Record<ContactField, z.ZodType>);

/** What the form sends; phone and company are left out when empty. */
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactFields = z.output<typeof contactInputSchema>;

/** A stored contact request as the API returns it; absent optional fields are left out. */
export type Contact = {
  id: string;
  name: string;
  email: string;
  phone?: string;
  company?: string;
  message: string;
  createdAt: string;
};
