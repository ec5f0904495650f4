import { z } from 'zod';
import models from './model.json' with { type: 'json' };

// The *prazo de entrega*'s estimate (docs/requirements.md §12.4): days from pickup to delivery
// under a driving-day model kept as data (model.json, its SOURCE.md), for a lane's road km and its
// barge leg. An estimate, labelled so wherever it is shown: the team promises, the model suggests.

const DrivingModel = z.object({
  id: z.string(),
  name: z.string(),
  effectiveFrom: z.iso.date(),
  ordinaryHours: z.number().positive(),
  extraHours: z.number().min(0),
  continuousDrivingMaxHours: z.number().positive(),
  breakMinutesPerSixHours: z.number().min(0),
  mealBreakHours: z.number().min(0),
  dailyRestHours: z.number().positive(),
  drivingDaysBeforeWeeklyRest: z.int().positive(),
  weeklyRestHours: z.number().min(0),
  averageSpeedKmh: z.number().positive(),
  bargeKmPerDay: z.number().positive(),
  bargeBoardingDays: z.int().min(0),
});
export type DrivingModel = z.infer<typeof DrivingModel>;

/** The entries, oldest first; read once, checked once: a malformed file stops the start, not a quote. */
export const DRIVING_MODELS: readonly DrivingModel[] = z
  .array(DrivingModel)
  .min(1)
  .parse(models)
  .toSorted((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));

/** The model in force on `date` (YYYY-MM-DD): the latest that took effect by then, else the first. */
const modelOn = (date: string) => DRIVING_MODELS.findLast((model) => model.effectiveFrom <= date) ?? DRIVING_MODELS[0]!;

/** Hours of a driving day: the ordinary day and its extra hours, all of it at the wheel. */
const drivingHours = (model: DrivingModel) => model.ordinaryHours + model.extraHours;

/** What a day of the model takes, breaks and rest included: it must fit in 24 hours. */
export const dayHours = (model: DrivingModel) => {
  const driving = drivingHours(model);
  const breaks = Math.max(0, Math.ceil(driving / 6) - 1) * (model.breakMinutesPerSixHours / 60);
  return driving + breaks + model.mealBreakHours + model.dailyRestHours;
};

export type Estimate = {
  days: number;
  drivingDays: number;
  restDays: number;
  bargeDays: number;
  model: Pick<DrivingModel, 'id' | 'name'>;
};

/**
 * Days from pickup to delivery: ⌈road km ÷ a day's km⌉ days at the wheel, a weekly rest after each
 * `drivingDaysBeforeWeeklyRest` of them (not after the last), and a barge leg's days with its boarding.
 */
export function estimateDays(roadKm: number, bargeKm = 0, on: string): Estimate {
  const model = modelOn(on);
  const dayKm = model.averageSpeedKmh * drivingHours(model);
  const drivingDays = Math.max(1, Math.ceil(roadKm / dayKm));
  const restDays =
    Math.floor((drivingDays - 1) / model.drivingDaysBeforeWeeklyRest) * Math.ceil(model.weeklyRestHours / 24);
  const bargeDays = bargeKm > 0 ? Math.ceil(bargeKm / model.bargeKmPerDay) + model.bargeBoardingDays : 0;
  return {
    days: drivingDays + restDays + bargeDays,
    drivingDays,
    restDays,
    bargeDays,
    model: { id: model.id, name: model.name },
  };
}

/** The estimate in words, as the proposal's form shows it beside the prazo (labelled 'estimativa'). */
export function estimateText({ days, drivingDays, restDays, bargeDays, model }: Estimate, estimatedKm: boolean) {
  const parts = [`${drivingDays} ${drivingDays === 1 ? 'dia' : 'dias'} de direção`];
  if (restDays) parts.push(`${restDays} de descanso semanal`);
  if (bargeDays) parts.push(`${bargeDays} de balsa com o embarque`);
  const over = estimatedKm ? ' sobre distância estimada' : '';
  return `${days} dias (estimativa${over}: ${parts.join(', ')}; ${model.name})`;
}
