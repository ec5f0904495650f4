import { describe, expect, it } from 'vitest';
import { sampleContact } from '../../../test/support/leads';
import { leadMessage } from './email-message';

const stored = { ...sampleContact, id: '0b7c2f4e-1a2b-4c3d-8e9f-0123456789ab', createdAt: '2030-01-02T12:00:00.000Z' };

describe('the e-mail of a lead stored before today’s rules', () => {
  it('keeps bidirectional controls and line breaks out of the subject, so it reads as written', () => {
    const { subject } = leadMessage({
      kind: 'contact',
      record: { ...stored, name: 'Ana \u202Eanilorac\u202C', company: 'Frios\r\nBcc: x@y.z\u2028Cia' },
    });
    expect(subject).toBe('Nova solicitação de contato — Ana anilorac (Frios Bcc: x@y.z Cia)');
  });

  it('answers to the bare address, never to a name', () => {
    expect(leadMessage({ kind: 'contact', record: stored }).replyTo).toBe(sampleContact.email);
  });
});
