import { describe, expect, it } from 'vitest';
import { DRIVING_MODELS, dayHours, estimateDays, estimateText } from './estimate';

describe('the driving-day estimate (docs/requirements.md §12.4)', () => {
  it('keeps every model’s day within 24 hours, breaks and rest included', () => {
    for (const model of DRIVING_MODELS) expect(dayHours(model), model.id).toBeLessThanOrEqual(24);
  });

  it('gives São Paulo–Belém, 2.900 km by road, six days at the wheel', () => {
    expect(estimateDays(2900, 0, '2026-12-01')).toMatchObject({ days: 6, drivingDays: 6, restDays: 0, bargeDays: 0 });
  });

  it('adds the barge’s days and its boarding to São Paulo–Manaus', () => {
    // 3.050 km ÷ 550 km a day = 6 days; 880 km ÷ 220 km a day = 4 days, and a day to board.
    expect(estimateDays(3050, 880, '2026-12-01')).toMatchObject({ days: 11, drivingDays: 6, bargeDays: 5 });
  });

  it('rests a day after six days at the wheel, not after the last', () => {
    expect(estimateDays(550 * 6, 0, '2026-12-01').restDays).toBe(0);
    expect(estimateDays(550 * 6 + 1, 0, '2026-12-01')).toMatchObject({ drivingDays: 7, restDays: 1, days: 8 });
  });

  it('drives at least a day, however short the lane', () => {
    expect(estimateDays(12, 0, '2026-12-01').days).toBe(1);
  });

  it('is labelled an estimate, and says when its distance was estimated too', () => {
    expect(estimateText(estimateDays(3050, 880, '2026-12-01'), false)).toBe(
      '11 dias (estimativa: 6 dias de direção, 5 de balsa com o embarque; Lei 13.103/2015 (CLT art. 235-C e 235-D; CTB art. 67-C))',
    );
    expect(estimateText(estimateDays(3202, 0, '2026-12-01'), true)).toMatch(
      /^6 dias \(estimativa sobre distância estimada: /,
    );
  });
});
