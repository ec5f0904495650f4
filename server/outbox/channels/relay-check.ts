import { lookup } from 'node:dns/promises';
import type { Logger } from '../../process/logger';
import { StartupError } from '../../process/startup-error';
import { failureCause } from '../dispatcher';

/** The relay as an operator names it: host and port, never the user or the password. */
const relayAddress = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  // nodemailer's defaults: 465 for smtps://, 587 otherwise.
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
};

/**
 * A relay whose name does not exist stops the start-up with one line: no e-mail would ever leave,
 * and the first sign would be a day later. A DNS that does not answer now (EAI_AGAIN) may answer
 * later: that is only a warning.
 */
export async function checkRelayName(smtpUrl: string, logger: Logger) {
  const { hostname } = new URL(smtpUrl);
  try {
    await lookup(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND')
      throw new StartupError(
        `o relay SMTP ${hostname} não existe no DNS (ENOTFOUND): corrija o host em SMTP_URL ` +
          '(ou no arquivo de SMTP_URL_FILE)',
      );
    logger.warn(`o DNS não resolveu o relay SMTP ${hostname} agora (${code}): os e-mails serão tentados mesmo assim`);
  }
}

/**
 * Connects to the relay once, and logs what it found; start-up does not wait for it nor stop for
 * it: the leads are kept in the outbox and sent when the relay comes back.
 */
export function reportRelay(smtpUrl: string, verify: () => Promise<unknown>, logger: Logger) {
  const where = relayAddress(smtpUrl);
  void verify().then(
    () => logger.info(`relay SMTP ${where} verificado: aceitou a conexão e o login`),
    (error: unknown) =>
      logger.warn(
        `relay SMTP ${where} falhou na verificação de início: ${failureCause(error)}. As notificações ficam na ` +
          'fila e são tentadas de novo; confira SMTP_URL e se o relay está no ar',
      ),
  );
}
