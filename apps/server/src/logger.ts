import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** One JSON logger per process. Credentials and cookies are never written. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'relevo' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'password',
          'new_password',
          'current_password',
          'confirm_password',
          'token',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
