import {
  applicationEndpoints,
  escalationEndpoints,
  moduleEndpoints,
  resourceEndpoints,
  slaEndpoints,
} from '@relevo/api';
import type { AppContext } from '../../context';
import { applicationService } from '../../catalogue/applications';
import { escalationService } from '../../catalogue/escalations';
import { resourceService } from '../../catalogue/resources';
import { slaService } from '../../catalogue/slas';
import type { RouteTable } from '../implement';

/** docs/product.md#catalogue-calls, Applications, resources, SLAs and Modules: the customer's catalogue. */
export function catalogueRoutes(routes: RouteTable, ctx: AppContext): void {
  const resources = resourceService(ctx);
  const slas = slaService(ctx);
  const escalations = escalationService(ctx);
  const applications = applicationService(ctx);
  const { listResources, filteredResources, resourceLimit, getResource, addResource, updateResource, deleteResource } =
    resourceEndpoints;
  const { listSlas, getSla, addSla, updateSla, deleteSla } = slaEndpoints;
  const { listEscalations, getEscalation, addEscalation, updateEscalation, deleteEscalation, changePriority } =
    escalationEndpoints;
  const { listSteps, getStep, addStep, updateStep, deleteStep } = escalationEndpoints;
  const { listApplications, getApplication, addApplication, updateApplication, deleteApplication } =
    applicationEndpoints;
  const { listModules, getModule, addModule, updateModule, deleteModule } = moduleEndpoints;
  routes
    .implement(listResources, ({ principal, query }) => resources.list(principal, query))
    .implement(filteredResources, ({ principal, params }) => resources.filtered(principal, params.id))
    .implement(resourceLimit, ({ principal }) => resources.limit(principal))
    .implement(getResource, ({ principal, params }) => resources.get(principal, params.id))
    .implement(addResource, ({ principal, body }) => resources.create(principal, body))
    .implement(updateResource, ({ principal, params, body }) => resources.update(principal, params.id, body))
    .implement(deleteResource, ({ principal, params }) => resources.remove(principal, params.id))
    .implement(listSlas, ({ principal, query }) => slas.list(principal, query))
    .implement(getSla, ({ principal, params }) => slas.get(principal, params.id))
    .implement(addSla, ({ principal, body }) => slas.create(principal, body))
    .implement(updateSla, ({ principal, params, body }) => slas.update(principal, params.id, body))
    .implement(deleteSla, ({ principal, params }) => slas.remove(principal, params.id))
    .implement(listEscalations, ({ principal, query }) => escalations.list(principal, query))
    .implement(getEscalation, ({ principal, params }) => escalations.get(principal, params.id))
    .implement(addEscalation, ({ principal, body }) => escalations.create(principal, body))
    .implement(updateEscalation, ({ principal, params, body }) => escalations.update(principal, params.id, body))
    .implement(deleteEscalation, ({ principal, params }) => escalations.remove(principal, params.id))
    .implement(changePriority, ({ principal, params, body }) => escalations.changePriority(principal, params.id, body))
    .implement(listSteps, ({ principal, query }) => escalations.listSteps(principal, query))
    .implement(getStep, ({ principal, params }) => escalations.getStep(principal, params.id))
    .implement(addStep, ({ principal, body }) => escalations.addStep(principal, body))
    .implement(updateStep, ({ principal, params, body }) => escalations.updateStep(principal, params.id, body))
    .implement(deleteStep, ({ principal, params }) => escalations.removeStep(principal, params.id))
    .implement(listApplications, ({ principal, query }) => applications.list(principal, query))
    .implement(getApplication, ({ principal, params }) => applications.get(principal, params.id))
    .implement(addApplication, ({ principal, body }) => applications.create(principal, body))
    .implement(updateApplication, ({ principal, params, body }) => applications.update(principal, params.id, body))
    .implement(deleteApplication, ({ principal, params }) => applications.remove(principal, params.id))
    .implement(listModules, ({ principal, query }) => applications.listModules(principal, query))
    .implement(getModule, ({ principal, params }) => applications.getModule(principal, params.id))
    .implement(addModule, ({ principal, body }) => applications.createModule(principal, body))
    .implement(updateModule, ({ principal, params, body }) => applications.updateModule(principal, params.id, body))
    .implement(deleteModule, ({ principal, params }) => applications.removeModule(principal, params.id));
}
