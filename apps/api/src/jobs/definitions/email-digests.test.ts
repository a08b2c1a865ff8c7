import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context';
import { loadConfig } from '../../config';
import { emailDigestsJob } from './email-digests';

const contextWith = (env: Record<string, string>) => ({ config: loadConfig(env) }) as AppContext;

describe('email-digests job slot', () => {
  it('is off without SMTP, and daily after DAILY_JOBS_HOUR_UTC with it', () => {
    const at = new Date('2026-11-23T07:30:00Z');
    expect(emailDigestsJob.schedule?.(at, contextWith({}))).toBeNull();
    const mail = contextWith({ SMTP_HOST: 'smtp.example.org', DAILY_JOBS_HOUR_UTC: '7' });
    expect(emailDigestsJob.schedule?.(at, mail)).toBe('2026-11-23');
    expect(emailDigestsJob.schedule?.(new Date('2026-11-23T06:59:00Z'), mail)).toBeNull();
  });
});
