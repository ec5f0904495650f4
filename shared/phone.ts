import { PLAIN_PHONE } from './fields';

// Phone numbers as the team dials them (docs/requirements.md §6.4): people type Brazilian numbers without the
// country code, "(91) 98765-4321"; a phone dialling from abroad, or a roaming one, needs it.

/**
 * The number in E.164 ('+5591987654321') when it can be told: one typed with + has its country
 * code; a Brazilian one without it is a DDD and 8 or 9 digits (10 or 11, after a trunk 0), to which
 * +55 is added. Undefined for anything shorter or longer, which cannot be told from a typo.
 */
export function e164(phone: string) {
  if (!PLAIN_PHONE.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : undefined;
  const national = digits.replace(/^0+/, '');
  if (national.length === 10 || national.length === 11) return `+55${national}`;
  if (/^55\d{10,11}$/.test(national)) return `+${national}`;
  return undefined;
}

/**
 * Whether a number can have WhatsApp: a Brazilian mobile (a DDD, then 9 digits beginning with 9,
 * Anatel's plan since 2016) can, a Brazilian landline (a DDD and 8 digits) cannot. A foreign number
 * cannot be told apart here, and is given the benefit of the doubt.
 */
export function mayHaveWhatsApp(number: string) {
  if (!number.startsWith('+55')) return true;
  return /^\+55[1-9][1-9]9\d{8}$/.test(number);
}
