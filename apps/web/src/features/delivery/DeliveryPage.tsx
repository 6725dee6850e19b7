import { generalErrorText, saveDeliveryChain } from '@relevo/api';
import { DELIVERY_PROVIDERS, mayCall, type DeliverySettingsView } from '@relevo/domain';
import { Button, Icon, PageHeader, PageSpinner } from '@relevo/ui';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { t } from '../../shell/i18n';
import { RetryAlert } from '../../shell/RetryAlert';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveDeliveryCalls } from './delivery-calls';
import { DeliveryOrder } from './DeliveryOrder';
import { ProviderCard } from './ProviderCard';
import './DeliveryPage.css';

type Load = { state: 'loading' } | { state: 'loaded'; view: DeliverySettingsView } | { state: 'failed'; error: string };

/** `customer/:customer_id/delivery`: an id that is not a positive whole number goes back to the customers. */
export function DeliveryPage() {
  const { customer_id: raw } = useParams();
  const customerId = Number(raw);
  if (!Number.isSafeInteger(customerId) || customerId < 1) return <Navigate to="/customer" replace />;
  return <CustomerDelivery key={customerId} customerId={customerId} />;
}

/** The customer's name, when the Customers list opened the screen (it travels in the history entry). */
function useCustomerName(): string | null {
  const state: unknown = useLocation().state;
  return state && typeof state === 'object' && 'name' in state && typeof state.name === 'string' ? state.name : null;
}

/**
 * docs/product.md#delivery-providers for one customer: its providers, the failover order and the
 * chains per country. StaffView reads it all; the other staff roles change it (the calls' permissions).
 */
function CustomerDelivery({ customerId }: { customerId: number }) {
  const role = useSignedInUser().role.rol_id;
  const calls = useService('deliveryCalls', liveDeliveryCalls);
  const navigate = useNavigate();
  const name = useCustomerName();
  const readOnly = !mayCall(role, saveDeliveryChain);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    calls.get(customerId).then(
      (view) => current && setLoad({ state: 'loaded', view }),
      (error: unknown) => current && setLoad({ state: 'failed', error: generalErrorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [calls, customerId, round]);

  const change = useCallback(
    (update: (view: DeliverySettingsView) => DeliverySettingsView) =>
      setLoad((current) => (current.state === 'loaded' ? { state: 'loaded', view: update(current.view) } : current)),
    [],
  );

  return (
    <>
      <PageHeader
        title={t('Delivery of {customer}', {
          customer:
            name ?? (load.state === 'loaded' ? load.view.customer_name : t('customer {id}', { id: customerId })),
        })}
        actions={
          <Button icon={<Icon name="chevron-left" size={16} />} onClick={() => void navigate('/customer')}>
            {t('Go back')}
          </Button>
        }
      />
      {load.state === 'loading' ? <PageSpinner label={t('Loading the delivery settings')} /> : null}
      {load.state === 'failed' ? (
        <RetryAlert
          error={t(load.error)}
          onRetry={() => {
            setLoad({ state: 'loading' });
            setRound((count) => count + 1);
          }}
        />
      ) : null}
      {load.state === 'loaded' ? (
        <div className="delivery">
          <section className="delivery__providers" aria-labelledby="delivery-providers">
            <h2 id="delivery-providers" className="delivery__heading">
              {t('Providers')}
            </h2>
            {DELIVERY_PROVIDERS.map((provider) => {
              const saved = load.view.providers.find((entry) => entry.provider === provider);
              return (
                <ProviderCard
                  // a save or a removal starts the form afresh from what the server keeps
                  key={`${provider}:${saved?.updated_at ?? 'none'}`}
                  customerId={customerId}
                  provider={provider}
                  saved={saved}
                  calls={calls}
                  readOnly={readOnly}
                  onSaved={(answer) =>
                    change((view) => ({
                      ...view,
                      providers: [...view.providers.filter((entry) => entry.provider !== provider), answer],
                    }))
                  }
                  onRemoved={() =>
                    change((view) => ({
                      ...view,
                      providers: view.providers.filter((entry) => entry.provider !== provider),
                    }))
                  }
                />
              );
            })}
          </section>
          <DeliveryOrder
            customerId={customerId}
            view={load.view}
            calls={calls}
            readOnly={readOnly}
            onSaved={(view) => change(() => view)}
          />
        </div>
      ) : null}
    </>
  );
}
