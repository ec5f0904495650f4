import { describe, expect, it } from 'vitest';
import { sampleQuote } from '../test/support/leads';
import { fleet } from './content';
import { AXLE_COUNTS, CARGO_TYPES, VEHICLE_CLASSES } from './freight';
import { quoteInputSchema } from './quote';

describe("the fleet's vehicle classes", () => {
  it.each(Object.entries(VEHICLE_CLASSES))('%s is a vehicle a quote accepts at its full capacity', (key, vehicle) => {
    const quote = { ...sampleQuote, vehicle: key, weightTons: vehicle.capacityTons };
    expect(quoteInputSchema.safeParse(quote).success).toBe(true);
    expect(quoteInputSchema.safeParse({ ...quote, weightTons: vehicle.capacityTons + 0.001 }).success).toBe(false);
  });

  it('are the cards of the fleet section, in the same order', () => {
    expect(fleet.cards.map((card) => card.title.split(' — ')[1])).toEqual(
      Object.values(VEHICLE_CLASSES).map((vehicle) => `${vehicle.capacityTons} t`),
    );
  });

  it('are each read at an axle count of Tabela A', () => {
    for (const vehicle of Object.values(VEHICLE_CLASSES)) expect(AXLE_COUNTS).toContain(vehicle.axles);
  });
});

describe('the cargo types', () => {
  it('list carga geral first, for the form', () => {
    expect(Object.entries(CARGO_TYPES)[0]).toEqual(['carga_geral', 'Carga geral']);
  });
});
