import { StartupError } from './startup-error';

/** A variable the operator set wrong: one line naming it and the fix, never its value. */
export class ConfigError extends StartupError {}

export const invalid = (name: string, message: string) =>
  new ConfigError(`Variável de ambiente inválida: ${name}: ${message}`);
