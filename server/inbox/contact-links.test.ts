import { describe, expect, it } from 'vitest';
import { contactLinks, whatsAppLink } from './contact-links';

describe('the lead page’s one-tap links', () => {
  it.each([
    ['(91) 98765-4321', 'https://wa.me/5591987654321'],
    ['+55 (91) 98765-4321', 'https://wa.me/5591987654321'],
    ['5591987654321', 'https://wa.me/5591987654321'],
    ['(091) 98765-4321', 'https://wa.me/5591987654321'],
    ['+1 212 555 0100', 'https://wa.me/12125550100'],
  ])('WhatsApp for %s is %s', (phone, link) => {
    expect(whatsAppLink(phone)).toBe(link);
  });

  it.each(['(91) 3222-1100', '+55 11 3333-4444', '(011) 2345-6789'])(
    'no WhatsApp link for the landline %s: a DDD and 8 digits, no 9 after it',
    (phone) => {
      expect(whatsAppLink(phone)).toBeUndefined();
    },
  );

  it.each([
    ['(91) 98765-4321', 'tel:+5591987654321'],
    ['91 3222-1100', 'tel:+559132221100'],
    ['(011) 2345-6789', 'tel:+551123456789'],
    ['+1 212 555 0100', 'tel:+12125550100'],
    ['3222-1100', 'tel:32221100'],
  ])('the tel: link of %s is %s, in E.164 when the number can be told', (phone, link) => {
    expect(contactLinks({ email: 'a@b.com.br', phone }).tel).toBe(link);
  });

  it.each(['1234', '3222-1100', 'ramal 12', '+12'])(
    'no WhatsApp link for %s, which cannot be a full number',
    (phone) => {
      expect(whatsAppLink(phone)).toBeUndefined();
    },
  );

  it('mailto always, tel and WhatsApp only with a phone', () => {
    expect(contactLinks({ email: 'ana@empresa.com.br' })).toEqual({
      mailto: 'mailto:ana@empresa.com.br',
      tel: undefined,
      whatsApp: undefined,
    });
    expect(contactLinks({ email: 'a@b.com.br', phone: '(91) 3222-1100' }).tel).toBe('tel:+559132221100');
  });
});
