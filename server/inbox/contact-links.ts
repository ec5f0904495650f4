import { PLAIN_PHONE } from '../../shared/fields';
import { telLink } from '../outbox/channels/email-message';

// The salesperson answers from a phone in one tap (issue 34 §2): a call, an e-mail, a WhatsApp chat.

/**
 * wa.me takes the full international number, digits only (https://faq.whatsapp.com/5913398998672934).
 * A number typed with + has its country code; a Brazilian one typed without it, as most are, is a
 * DDD and 8 or 9 digits (10 or 11), to which 55 is added. Anything else cannot be told apart from a
 * typo, and gets no link rather than a chat with a stranger.
 */
export function whatsAppLink(phone: string) {
  if (!PLAIN_PHONE.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+'))
    return digits.length >= 10 && digits.length <= 15 ? `https://wa.me/${digits}` : undefined;
  const national = digits.replace(/^0+/, '');
  if (national.length === 10 || national.length === 11) return `https://wa.me/55${national}`;
  if (/^55\d{10,11}$/.test(national)) return `https://wa.me/${national}`;
  return undefined;
}

/** The lead's one-tap links: only those its contact details make possible. */
export const contactLinks = ({ email, phone }: { email: string; phone?: string }) => ({
  mailto: `mailto:${email}`,
  tel: phone ? telLink(phone) : undefined,
  whatsApp: phone ? whatsAppLink(phone) : undefined,
});
