import { describe, expect, it } from 'vitest';
import { contactLinks, whatsAppLink } from './contact-links';

describe('the lead page’s one-tap links', () => {
  it.each([
    ['(91) 98765-4321', 'https://wa.me/5591987654321'],
    ['91 3222-1100', 'https://wa.me/559132221100'],
    ['+55 (91) 98765-4321', 'https://wa.me/5591987654321'],
    ['5591987654321', 'https://wa.me/5591987654321'],
    ['(091) 98765-4321', 'https://wa.me/5591987654321'],
    ['+1 212 555 0100', 'https://wa.me/12125550100'],
  ])('WhatsApp for %s is %s', (phone, link) => {
    expect(whatsAppLink(phone)).toBe(link);
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
    expect(contactLinks({ email: 'a@b.com.br', phone: '(91) 3222-1100' }).tel).toBe('tel:9132221100');
  });
});
