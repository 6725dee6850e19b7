import { addCustomer, deleteCustomer, getDelivery, saveCustomerSso, updateCustomer } from '@relevo/api';
import {
  MESSAGES,
  SSO_MESSAGES,
  activeFlagStatus,
  customerDeleteRefusal,
  isProviderCustomer,
  mayCall,
  type Customer,
} from '@relevo/domain';
import { Button, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { listDateText, t } from '../../shell/i18n';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveCustomerCalls } from './customer-calls';
import { CustomerModal } from './CustomerModal';
import { CustomerSsoModal } from './CustomerSsoModal';
import { liveCustomerSsoCalls } from './sso-calls';
import './CustomersPage.css';

/** The list's columns, in the reader's language (built while rendering). */
const customerColumns = (): DataTableColumn<Customer>[] => [
  { id: 'customer_id', header: t('Id'), cell: (row) => row.customer_id, sortable: true, numeric: true, width: '5rem' },
  { id: 'customer_name', header: t('Name'), cell: (row) => row.customer_name, sortable: true },
  {
    id: 'customer_active',
    header: t('Active'),
    // docs/product.md#states-and-transitions and #constants-and-limits: Y/N read ACTIVE/INACTIVE, in the status colours
    cell: (row) => {
      const status = activeFlagStatus(row.customer_active);
      return <StatusBadge {...status} label={t(status.label)} />;
    },
    sortable: true,
    width: '8rem',
  },
  {
    id: 'customer_qty_resources',
    header: t('Resource quota'),
    cell: (row) => row.customer_qty_resources,
    sortable: true,
    numeric: true,
    width: '10rem',
  },
  // a customer never edited shows the day it was created
  {
    id: 'customer_updatedt',
    header: t('Updated'),
    cell: (row) => listDateText(row.customer_updatedt ?? row.customer_createdt),
    sortable: true,
    width: '8rem',
  },
];

// a customer that still has users or events is refused with a 409 whose detail says so; the spec's
// texts are in the reader's language, so the screen makes it once when it opens (a change of
// language draws the whole app again)
const customersSpec = (): RecordListSpec<Customer> => ({
  endpoints: { add: addCustomer, update: updateCustomer, remove: deleteCustomer },
  table: { title: t('Customers'), columns: customerColumns(), emptyText: t(MESSAGES.emptyCustomers) },
  texts: ['customerSaved', 'customerEdited', 'customerDeleted', 'confirmDeleteCustomer'],
  // docs/product.md#constants-and-limits: customers are listed by customer_id
  row: { id: 'customer_id', name: 'customer_name', listedBy: 'id' },
});

/**
 * docs/product.md#user-lists Customers: list, create, edit, delete; Create and the actions are hidden for StaffView
 * (docs/product.md#roles-and-permissions, the calls' permissions), and the provider organisation's row has no Delete.
 */
export function CustomersPage() {
  const user = useSignedInUser();
  const calls = useService('customerCalls', liveCustomerCalls);
  const isProvider = useCallback((row: Customer) => isProviderCustomer(user, row.customer_id), [user]);
  // the provider organisation is never deleted (the domain refuses it)
  const deletable = useCallback(
    (row: Customer) => customerDeleteRefusal({ is_provider: isProvider(row) }) === null,
    [isProvider],
  );
  const spec = useMemo(customersSpec, []);
  const records = useRecordList(spec, calls, { deletable });
  const { close, saved } = records.screen;
  // docs/product.md#delivery-providers: each customer's providers and order open from its row
  const { rowButtons } = records;
  const mayEdit = records.may.edit || records.may.delete;
  // docs/product.md#single-sign-on: a customer's own provider, for those who change customers
  const ssoCalls = useService('customerSsoCalls', liveCustomerSsoCalls);
  const maySso = mayCall(user.role.rol_id, saveCustomerSso);
  const [ssoOf, setSsoOf] = useState<Customer | null>(null);
  const closeSso = useCallback(() => setSsoOf(null), []);
  const ssoSaved = useCallback(() => {
    toast.success(t(SSO_MESSAGES.saved));
    setSsoOf(null);
  }, []);
  const rowActions = useCallback(
    (row: Customer) => (
      <span className="customers__row-actions">
        {maySso && !isProvider(row) ? (
          <Button
            size="sm"
            onClick={() => setSsoOf(row)}
            aria-label={t('Single sign-on of {name}', { name: row.customer_name })}
          >
            {t('SSO')}
          </Button>
        ) : null}
        <Link
          className="rl-button rl-button--secondary rl-button--sm"
          to={`/customer/${row.customer_id}/delivery`}
          state={{ name: row.customer_name }}
          aria-label={t('Delivery of {name}', { name: row.customer_name })}
        >
          {t('Delivery')}
        </Link>
        {mayEdit ? rowButtons(row) : null}
      </span>
    ),
    [rowButtons, mayEdit, maySso, isProvider],
  );
  return (
    <>
      {ssoOf ? <CustomerSsoModal customer={ssoOf} calls={ssoCalls} onClose={closeSso} onSaved={ssoSaved} /> : null}
      <RecordListScreen
        records={records}
        rowActions={mayCall(user.role.rol_id, getDelivery) ? rowActions : undefined}
        modal={(row) => (
          <CustomerModal
            customer={row}
            isProvider={row ? isProvider(row) : false}
            calls={calls}
            onClose={close}
            onSaved={saved}
          />
        )}
      />
    </>
  );
}
