// The ANTT's cargo categories and the fleet's vehicle classes. Another engineer writes the full
// version beside the ANTT floor; the merge takes theirs, so this file holds these two exports only.

/** The ANTT's cargo categories (Resolução ANTT nº 5.867/2020, anexo II), with their plain Portuguese names. */
export const CARGO_TYPES = {
  carga_geral: 'Carga geral',
  granel_solido: 'Granel sólido',
  granel_liquido: 'Granel líquido',
  frigorificada: 'Frigorificada ou aquecida',
  conteinerizada: 'Conteinerizada',
  neogranel: 'Neogranel',
  perigosa_granel_solido: 'Perigosa (granel sólido)',
  perigosa_granel_liquido: 'Perigosa (granel líquido)',
  perigosa_frigorificada: 'Perigosa (frigorificada ou aquecida)',
  perigosa_conteinerizada: 'Perigosa (conteinerizada)',
  perigosa_carga_geral: 'Perigosa (carga geral)',
  granel_pressurizado: 'Granel pressurizado',
} as const;

/**
 * The fleet's two vehicle classes. The axle counts are placeholders: the documented table (class →
 * axles, as the ANTT floor counts them) is being written beside the ANTT floor.
 */
export const VEHICLE_CLASSES = {
  '28t': { capacityTons: 28, axles: 6, label: 'Carreta — 28 t' },
  '45t': { capacityTons: 45, axles: 9, label: 'Carreta de alta capacidade — 45 t' },
} as const;
