import { describe, expect, it } from 'vitest';
import { VARIABLES } from './config';
import { nearNames } from './near-names';

describe('nearNames', () => {
  it.each([
    ['ADMIN_TOKN', 'ADMIN_TOKEN'],
    ['DATABSE_URL', 'DATABASE_URL'],
    ['SMTP_URI', 'SMTP_URL'],
    ['port', 'PORT'],
    ['RETENTION_DAY', 'RETENTION_DAYS'],
    ['WEBHOOK_SECRET_FIEL', 'WEBHOOK_SECRET_FILE'],
  ])('takes %s for %s', (given, meant) => {
    expect(nearNames({ [given]: 'x' }, VARIABLES)).toEqual([{ given, meant }]);
  });

  it('leaves the known names and the environment of a shell, a container and npm alone', () => {
    const env = Object.fromEntries(
      [
        ...VARIABLES,
        'PATH',
        'HOME',
        'HOSTNAME',
        'PWD',
        'OLDPWD',
        'TERM',
        'LANG',
        'SHLVL',
        'USER',
        'LOGNAME',
        'MAIL',
        'TZ',
        'NODE_ENV',
        'NODE_OPTIONS',
        'NODE_VERSION',
        'YARN_VERSION',
        'INIT_CWD',
        'EDITOR',
        'KUBERNETES_PORT',
        'KUBERNETES_SERVICE_HOST',
        'SITE_PORT',
        'npm_config_cache',
        'npm_lifecycle_event',
        'npm_package_version',
        'npm_execpath',
        'npm_node_execpath',
        'COLOR',
        'SSH_TTY',
        'DISPLAY',
      ].map((name) => [name, 'x']),
    );
    expect(nearNames(env, VARIABLES)).toEqual([]);
  });
});
