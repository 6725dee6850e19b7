import { addCustomer, deleteCustomer, updateCustomer } from '@relevo/api';
import {
  MESSAGES,
  activeFlagStatus,
  customerDeleteRefusal,
  isProviderCustomer,
  listDate,
  mayCall,
  type Customer,
} from '@relevo/domain';
import { PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { useCallback } from 'react';
import { useList, useListParams } from '../../shell/list';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';
import { ListTable } from '../../shell/ListTable';

import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveCustomerCalls } from './customer-calls';
import { CustomerModal } from './CustomerModal';

const COLUMNS: DataTableColumn<Customer>[] = [
  { id: 'customer_id', header: 'Id', cell: (row) => row.customer_id, sortable: true, numeric: true, width: '5rem' },
  { id: 'customer_name', header: 'Name', cell: (row) => row.customer_name, sortable: true },
  {
    id: 'customer_active',
    header: 'Active',
    // docs/product.md#states-and-transitions and #constants-and-limits: Y/N read ACTIVE/INACTIVE, in the status colours
    cell: (row) => <StatusBadge {...activeFlagStatus(row.customer_active)} />,
    sortable: true,
    width: '8rem',
  },
  {
    id: 'customer_qty_resources',
    header: 'Resource quota',
    cell: (row) => row.customer_qty_resources,
    sortable: true,
    numeric: true,
    width: '10rem',
  },
  // a customer never edited shows the day it was created
  {
    id: 'customer_updatedt',
    header: 'Updated',
    cell: (row) => listDate(row.customer_updatedt ?? row.customer_createdt),
    sortable: true,
    width: '8rem',
  },
];

/** docs/product.md#constants-and-limits: customers are listed by customer_id. */
const DEFAULT_SORT = { column: 'customer_id', direction: 'asc' } as const;

/**
 * docs/product.md#user-lists Customers: list, create, edit, delete; Create and the actions are hidden for StaffView
 * (docs/product.md#roles-and-permissions, the calls' permissions), and the provider organisation's row has no Delete.
 */
export function CustomersPage() {
  const user = useSignedInUser();
  const calls = useService('customerCalls', liveCustomerCalls);
  const role = user.role.rol_id;
  const canCreate = mayCall(role, addCustomer);
  const canEdit = mayCall(role, updateCustomer);
  const canDelete = mayCall(role, deleteCustomer);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const { reload } = list;

  // a customer that still has users or events is refused with a 409 whose detail says so
  const screen = useRecordScreen<Customer>({
    texts: {
      created: MESSAGES.customerSaved,
      updated: MESSAGES.customerEdited,
      deleted: MESSAGES.customerDeleted,
      confirmDelete: MESSAGES.confirmDeleteCustomer,
    },
    remove: (customer) => calls.remove(customer.customer_id),
    changed: reload,
  });
  const { edit, askRemove } = screen;
  const isProvider = useCallback((row: Customer) => isProviderCustomer(user, row.customer_id), [user]);
  const rowActions = useCallback(
    (row: Customer) => (
      // the provider organisation is never deleted (the domain refuses it)
      <RecordRowActions
        name={row.customer_name}
        onEdit={canEdit ? () => edit(row) : null}
        onDelete={
          canDelete && customerDeleteRefusal({ is_provider: isProvider(row) }) === null ? () => askRemove(row) : null
        }
      />
    ),
    [canEdit, canDelete, isProvider, edit, askRemove],
  );

  return (
    <>
      <PageHeader title="Customers" />
      <ListTable
        label="Customers"
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.customer_id}
        emptyText={MESSAGES.emptyCustomers}
        toolbar={canCreate ? <CreateButton onClick={screen.create} /> : undefined}
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {screen.editing ? (
        <CustomerModal
          customer={screen.editing.row}
          isProvider={screen.editing.row ? isProvider(screen.editing.row) : false}
          calls={calls}
          onClose={screen.close}
          onSaved={screen.saved}
        />
      ) : null}
      {screen.confirmation}
    </>
  );
}
