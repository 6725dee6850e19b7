import { addCustomer, deleteCustomer, updateCustomer } from '@relevo/api';
import { MESSAGES, activeFlagStatus, customerDeleteRefusal, isProviderCustomer, listDate, mayCall, type Customer } from '@relevo/domain';
import { Button, ConfirmDialog, Icon, IconButton, PageHeader, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useRemoval } from '../../shell/removal';
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
    // spec 4 and 9: Y/N read ACTIVE/INACTIVE, in the status colours
    cell: (row) => <StatusBadge {...activeFlagStatus(row.customer_active)} />,
    sortable: true,
    width: '8rem',
  },
  { id: 'customer_qty_resources', header: 'Resource quota', cell: (row) => row.customer_qty_resources, sortable: true, numeric: true, width: '10rem' },
  // a customer never edited shows the day it was created
  { id: 'customer_updatedt', header: 'Updated', cell: (row) => listDate(row.customer_updatedt ?? row.customer_createdt), sortable: true, width: '8rem' },
];

/** spec 9: customers are listed by customer_id. */
const DEFAULT_SORT = { column: 'customer_id', direction: 'asc' } as const;

type Editing = { customer: Customer | null } | null;

/**
 * spec 2.10 Customers: list, create, edit, delete; Create and the actions are hidden for StaffView
 * (spec 6, the calls' permissions), and the provider organisation's row has no Delete.
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

  const [editing, setEditing] = useState<Editing>(null);

  const closeModal = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.customer ? MESSAGES.customerEdited : MESSAGES.customerSaved);
    setEditing(null);
    reload();
  }, [editing, reload]);

  // a customer that still has users or events is refused with a 409 whose detail says so
  const removal = useRemoval(async (customer: Customer) => {
    await calls.remove(customer.customer_id);
    toast.success(MESSAGES.customerDeleted);
    reload();
  });
  const askRemoval = removal.ask;

  const isProvider = useCallback((row: Customer) => isProviderCustomer(user, row.customer_id), [user]);
  const rowActions = useCallback(
    (row: Customer) => (
      <span>
        {canEdit ? <IconButton size="sm" label={`Edit ${row.customer_name}`} icon={<Icon name="edit" size={16} />} onClick={() => setEditing({ customer: row })} /> : null}
        {/* the provider organisation is never deleted (the domain refuses it) */}
        {canDelete && customerDeleteRefusal({ is_provider: isProvider(row) }) === null ? (
          <IconButton size="sm" label={`Delete ${row.customer_name}`} icon={<Icon name="trash" size={16} />} onClick={() => askRemoval(row)} />
        ) : null}
      </span>
    ),
    [canEdit, canDelete, isProvider, askRemoval],
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
        toolbar={
          canCreate ? (
            <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setEditing({ customer: null })}>
              Create
            </Button>
          ) : undefined
        }
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {editing ? (
        <CustomerModal customer={editing.customer} isProvider={editing.customer ? isProvider(editing.customer) : false} calls={calls} onClose={closeModal} onSaved={saved} />
      ) : null}
      <ConfirmDialog {...removal.confirm} message={MESSAGES.confirmDeleteCustomer} />
    </>
  );
}
