import type * as ConfigModule from '@/server/config';

type Config = ReturnType<typeof ConfigModule.getConfig>;

/**
 * The configuration module with `getConfig` answering the real configuration as `change` alters it, asked afresh at
 * every call (so a test may switch a setting between steps). For `vi.mock('@/server/config', …)`.
 */
export function configWith(actual: typeof ConfigModule, change: (config: Config) => Partial<Config>): typeof ConfigModule {
  return {
    ...actual,
    getConfig: () => {
      const config = actual.getConfig();
      return { ...config, ...change(config) };
    },
  };
}

/** Skynet's settings as `change` alters them, e.g. its chain registry. */
export const skynetWith = (config: Config, change: Partial<Config['skynet']>): Pick<Config, 'skynet'> => ({ skynet: { ...config.skynet, ...change } });
