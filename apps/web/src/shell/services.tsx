import type { ClientSettings } from '@relevo/api';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The I/O a screen may take from its surroundings instead of the live api client: each screen
 * has a live default; stories and tests provide fixtures here (or pass a machine prop).
 *
 * The shell declares only its own key. Each feature adds the keys it reads, next to their live
 * defaults, by declaration merging (`declare module '../../shell/services' { interface Services
 * { ... } }`), so the shell names no feature and a feature's calls stay in the feature.
 */
export interface Services {
  /** the layout's client settings (the third-party widget's script) */
  loadClientSettings: () => Promise<ClientSettings>;
}

const ServicesContext = createContext<Partial<Services>>({});

export function ServicesProvider({ value, children }: { value: Partial<Services>; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

/** The provided service, or the screen's live one. */
export function useService<K extends keyof Services>(key: K, live: Services[K]): Services[K] {
  return useContext(ServicesContext)[key] ?? live;
}
