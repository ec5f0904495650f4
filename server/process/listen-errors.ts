import { StartupError } from './startup-error';

/**
 * Why the listener could not open, in one line with its fix, for the mistakes an operator makes;
 * anything else is returned as it came (a bug keeps its stack).
 */
export function listenFailure(error: NodeJS.ErrnoException, { port, host }: { port: number; host: string }) {
  switch (error.code) {
    case 'EADDRINUSE':
      return new StartupError(
        `a porta ${port} já está em uso em ${host} (EADDRINUSE): outro processo a ocupa, talvez outra cópia do ` +
          `site ou um npm run dev esquecido (veja qual com: ss -ltnp 'sport = :${port}'); ` +
          'pare-o ou escolha outra porta com PORT',
      );
    case 'EACCES':
      return new StartupError(
        `a porta ${port} exige privilégios de administrador (EACCES): use PORT 1024 ou acima ` +
          'e deixe as portas 80 e 443 ao proxy',
      );
    case 'EADDRNOTAVAIL':
      return new StartupError(
        `HOST ${host} não é um endereço desta máquina (EADDRNOTAVAIL): use 0.0.0.0 (todas as interfaces) ou 127.0.0.1`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `HOST ${host} não é um nome que esta máquina resolva (${error.code}): use um endereço IP, como 0.0.0.0`,
      );
    default:
      return error;
  }
}
