import { INGEST_MESSAGES } from '@relevo/domain';
import { ingestIncident, simulateIncident, type SimulationAnswer } from '@relevo/api';
import type { AppContext } from '../../context';
import { incidentService } from '../../incidents/ingest';
import type { RouteTable } from '../implement';

/** service.md 5: incidents in, from monitoring systems and from the module screen. */
export function incidentRoutes(routes: RouteTable, ctx: AppContext): void {
  const incidents = incidentService(ctx);
  routes
    .implement(ingestIncident, async ({ moduleKey, body, reply }) => {
      const opened = await incidents.ingest(moduleKey.moduleId, moduleKey.key, body);
      reply.code(opened.created ? 201 : 200);
      return opened.answer;
    })
    .implement(simulateIncident, async ({ principal, params, body }): Promise<SimulationAnswer> => {
      const opened = await incidents.simulate(principal.customerId, params.id, body);
      return [{ status: '200', message: INGEST_MESSAGES.simulated, ...opened.answer }];
    });
}
