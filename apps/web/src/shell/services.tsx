import type { ClientSettings, UserDashboard } from '@relevo/api';
import type { ChatAnswer } from '@relevo/domain';
import type { UserScreen, changePasswordMachine, loginMachine, twoFactorMachine } from '@relevo/domain';
import { createContext, useContext, type ReactNode } from 'react';
import type { ApplicationCalls } from '../features/applications/application-calls';
import type { CustomerCalls } from '../features/customers/customer-calls';
import type { ResourceSlaCalls } from '../features/resources/resource-calls';
import type { EscalationCalls } from '../features/escalations/escalation-calls';
import type { EventCalls } from '../features/events/event-calls';
import type { DashboardCalls } from '../features/dashboard/dashboard-calls';
import type { UserCalls } from '../features/users/user-calls';

/**
 * The I/O a screen may take from its surroundings instead of the live api client: each screen
 * has a live default; stories and tests provide fixtures here (or pass a machine prop).
 */
export interface Services {
  loginMachine: typeof loginMachine;
  twoFactorMachine: typeof twoFactorMachine;
  changePasswordMachine: typeof changePasswordMachine;
  loadProfileCounts: () => Promise<UserDashboard>;
  loadClientSettings: () => Promise<ClientSettings>;
  /** the calls of a user screen (Admin Users, Customer Users, Users) */
  userCalls: (screen: UserScreen) => UserCalls;
  /** the calls of the Customers screen */
  customerCalls: CustomerCalls;
  /** the calls of the Resources and SLA screens */
  resourceSlaCalls: ResourceSlaCalls;
  /** the calls of the Applications and Modules screens and the module tools */
  applicationCalls: ApplicationCalls;
  /** the calls of the Escalations and Escalation Resources screens */
  escalationCalls: EscalationCalls;
  /** the calls of the Events and Event Logs screens */
  eventCalls: EventCalls;
  /** the calls of the Dashboard's widgets */
  dashboardCalls: DashboardCalls;
  /** the User Guide assistant: a question, and the first item of its answer */
  askGuide: (question: string) => Promise<ChatAnswer>;
  /** the chat's notification sound (stories and tests count the plays) */
  playChatSound: () => void;
}

const ServicesContext = createContext<Partial<Services>>({});

export function ServicesProvider({ value, children }: { value: Partial<Services>; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

/** The provided service, or the screen's live one. */
export function useService<K extends keyof Services>(key: K, live: Services[K]): Services[K] {
  return useContext(ServicesContext)[key] ?? live;
}
