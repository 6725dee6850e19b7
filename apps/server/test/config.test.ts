import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('configuration (service.md section 1)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '.data',
      role: 'all',
      smtpUrl: null,
      smsWebhookUrl: null,
      publicUrl: 'http://127.0.0.1:3000',
      escalationTimeScale: 1,
      demoData: true,
      widgetScriptUrl: null,
    });
  });

  it('turns demo data off by default on PostgreSQL and derives PUBLIC_URL from HOST and PORT', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://relevo.example/' }).publicUrl).toBe('https://relevo.example');
  });

  it('stops with one line naming the variable for each bad value', () => {
    expect(fails({ PORT: 'eighty' })).toBe('Invalid configuration: PORT must be a port number from 1 to 65535 (got "eighty")');
    expect(fails({ PORT: '70000' })).toMatch(/^Invalid configuration: PORT /);
    expect(fails({ ROLE: 'boss' })).toBe('Invalid configuration: ROLE must be api, worker or all (got "boss")');
    expect(fails({ DATABASE_URL: 'mysql://x' })).toBe('Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://');
    expect(fails({ SMTP_URL: 'http://mail' })).toMatch(/^Invalid configuration: SMTP_URL /);
    expect(fails({ JWT_SECRET: 'short' })).toBe('Invalid configuration: JWT_SECRET must be at least 32 characters');
    expect(fails({ ESCALATION_TIME_SCALE: '-2' })).toMatch(/^Invalid configuration: ESCALATION_TIME_SCALE /);
    expect(fails({ DEMO_DATA: 'maybe' })).toMatch(/^Invalid configuration: DEMO_DATA must be on or off/);
    for (const message of [fails({ JWT_SECRET: 'short' }), fails({ SMTP_URL: 'http://user:secret@mail' })]) expect(message).not.toMatch(/secret|short/);
  });
});
