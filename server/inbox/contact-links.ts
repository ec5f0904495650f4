import { e164, mayHaveWhatsApp } from '../../shared/phone';
import { telLink } from '../leads/presentation';

// The salesperson answers from a phone in one tap (docs/requirements.md §6.4): a call, an e-mail, a WhatsApp chat.

/**
 * wa.me takes the full international number, digits only (https://faq.whatsapp.com/5913398998672934);
 * offered only for a number that can have WhatsApp: a landline's chat would never be read (docs/requirements.md §6.4).
 * A number that cannot be told from a typo gets no link rather than a chat with a stranger.
 */
export function whatsAppLink(phone: string) {
  const number = e164(phone);
  return number && mayHaveWhatsApp(number) ? `https://wa.me/${number.slice(1)}` : undefined;
}

/** The lead's one-tap links: only those its contact details make possible. */
export const contactLinks = ({ email, phone }: { email: string; phone?: string }) => ({
  mailto: `mailto:${email}`,
  tel: phone ? telLink(phone) : undefined,
  whatsApp: phone ? whatsAppLink(phone) : undefined,
});
