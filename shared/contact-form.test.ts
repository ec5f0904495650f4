import { describe, expect, it } from 'vitest';
import { contactInputSchema } from './contact';
import { CONTACT_FORM_FIELDS, contactFormFields } from './contact-form';

describe("the contact form's fields", () => {
  it("are the schema's fields the visitor fills in, in the schema's order", () => {
    const fromSchema = contactInputSchema.keyof().options.filter((field) => field !== 'source');
    expect(contactFormFields).toEqual(fromSchema);
  });

  it('are required exactly where the schema refuses a contact without them', () => {
    for (const field of contactFormFields) {
      const takesNothing = contactInputSchema.shape[field].safeParse(undefined).success;
      expect(CONTACT_FORM_FIELDS[field].required, field).toBe(!takesNothing);
    }
  });
});
