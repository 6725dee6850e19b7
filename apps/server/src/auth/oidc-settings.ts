import { SSO_MESSAGES, isInsecureIssuer, type CustomerSso, type CustomerSsoSave } from '@relevo/domain';
import type { AppContext } from '../context';
import type { Principal } from './principals';
import { findCustomer } from '../people/queries';
import { audit } from '../security/audit';
import { isUniqueViolation } from '../db/errors';
import { HttpError, ValidationFailure } from '../http/errors';
import {
  customerSsoOf,
  domainsClaimedElsewhere,
  domainsOf,
  saveCustomerSsoRow,
  ssoSecretPlace,
  type StoredCustomerSso,
} from './oidc-queries';

const notFound = () => new HttpError(404, SSO_MESSAGES.notFound);

const answerOf = (customerId: number, stored: StoredCustomerSso | undefined, domains: string[]): CustomerSso => ({
  customer_id: customerId,
  issuer: stored?.issuer ?? '',
  client_id: stored?.client_id ?? '',
  has_secret: stored !== undefined,
  domains,
});

/**
 * docs/product.md#single-sign-on: a customer's own provider and the e-mail domains it claims, kept
 * by staff (Staff Root, Staff Edit) in the Customers screen. The client secret is sealed at rest and
 * never answered: an empty one on a save keeps the stored secret.
 */
export function customerSsoService(ctx: AppContext) {
  return {
    async get(principal: Principal, customerId: number): Promise<CustomerSso> {
      return ctx.database.scoped(principal.scope, async (tx) => {
        const customer = await findCustomer(tx, customerId);
        if (!customer || customer.is_provider) throw notFound();
        return answerOf(customerId, await customerSsoOf(tx, customerId), await domainsOf(tx, customerId));
      });
    },

    async save(principal: Principal, customerId: number, body: CustomerSsoSave): Promise<CustomerSso> {
      const now = ctx.clock.now();
      try {
        return await ctx.database.scoped(principal.scope, async (tx) => {
          const customer = await findCustomer(tx, customerId);
          if (!customer || customer.is_provider) throw notFound();
          const current = await customerSsoOf(tx, customerId);
          const before = answerOf(customerId, current, await domainsOf(tx, customerId));
          let row: StoredCustomerSso | null = null;
          if (body.issuer) {
            const sameProvider = current?.issuer === body.issuer && current.client_id === body.client_id;
            // a secret is kept only for the provider and client it was given for
            if (!body.client_secret && !sameProvider)
              throw ValidationFailure.field('client_secret', SSO_MESSAGES.clientSecretRequired);
            row = {
              customer_id: customerId,
              issuer: body.issuer.replace(/\/+$/, ''),
              client_id: body.client_id,
              client_secret: body.client_secret
                ? ctx.delivery.box.seal(ssoSecretPlace(customerId), body.client_secret)
                : current!.client_secret,
            };
          }
          const taken = await domainsClaimedElsewhere(tx, customerId, body.domains);
          if (taken.length)
            throw new ValidationFailure([
              {
                loc: ['body', 'domains', body.domains.indexOf(taken[0]!)],
                msg: `${SSO_MESSAGES.domainTaken}: ${taken[0]}`,
              },
            ]);
          await saveCustomerSsoRow(tx, row, customerId, body.domains, principal.email, now);
          const after = answerOf(customerId, row ?? undefined, [...body.domains].sort());
          await audit(
            tx,
            {
              customerId,
              actor: { id: principal.userId, email: principal.email },
              action: 'update',
              entity: 'customer_sso',
              entityId: customerId,
              detail: {
                secret_changed: Boolean(body.client_secret),
                insecure_issuer: isInsecureIssuer(row?.issuer ?? ''),
              },
              before: { ...before },
              after: { ...after },
            },
            now,
          );
          return after;
        });
      } catch (error) {
        // two customers claiming one domain at the same moment: the second meets the key
        if (isUniqueViolation(error)) throw ValidationFailure.field('domains', SSO_MESSAGES.domainTaken);
        throw error;
      }
    },
  };
}
