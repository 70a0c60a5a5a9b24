import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envPort, envUrl, loadConfig } from './config';

const schema = z.object({
  PORT: envPort(8080),
  DATABASE_URL: envUrl(['postgres', 'postgresql']),
});

describe('loadConfig', () => {
  it('when values are valid, then they are parsed and defaults filled', () => {
    expect(loadConfig(schema, { DATABASE_URL: 'postgres://x@h/db' })).toEqual({ PORT: 8080, DATABASE_URL: 'postgres://x@h/db' });
  });

  it('when a value is bad, then the error names the variable, its value and the problem', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'mysql://h/db' })).toThrow(ConfigError);
    try {
      loadConfig(schema, { PORT: 'eighty', DATABASE_URL: 'mysql://h/db' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT ("eighty")');
      expect(message).toContain('DATABASE_URL ("mysql://h/db"): must be a URL with protocol postgres or postgresql');
    }
  });

  it('when a required value is missing, then it says unset', () => {
    expect(() => loadConfig(schema, {})).toThrow(/DATABASE_URL \(unset\)/);
  });
});
