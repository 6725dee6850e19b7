import { MESSAGES, can, listDate, type Customer } from '@relevo/domain';
import { Badge, Button, ConfirmDialog, DataTable, Icon, IconButton, PageHeader, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { useList, useListParams } from '../../shell/list';
import { reportError } from '../../shell/report-error';
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
    cell: (row) => <Badge tone={row.customer_active === 'Y' ? 'success' : 'neutral'}>{row.customer_active === 'Y' ? 'ACTIVE' : 'INACTIVE'}</Badge>,
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

/** spec 2.10 Customers: list, create, edit, delete; Create and the actions are hidden for StaffView (spec 6). */
export function CustomersPage() {
  const user = useSignedInUser();
  const calls = useService('customerCalls', liveCustomerCalls);
  const canWrite = can(user.role.rol_id, 'customers.write');
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const { reload } = list;

  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Customer | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const closeModal = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.customer ? MESSAGES.customerEdited : MESSAGES.customerSaved);
    setEditing(null);
    reload();
  }, [editing, reload]);

  const remove = async (customer: Customer) => {
    setIsDeleting(true);
    try {
      await calls.remove(customer.customer_id);
      toast.success(MESSAGES.customerDeleted);
      reload();
    } catch (error) {
      // a customer that still has users or events is refused with a 409 whose detail says so
      reportError(error);
    } finally {
      setIsDeleting(false);
      setRemoving(null);
    }
  };

  const rowActions = useCallback(
    (row: Customer) => (
      <span>
        <IconButton size="sm" label={`Edit ${row.customer_name}`} icon={<Icon name="edit" size={16} />} onClick={() => setEditing({ customer: row })} />
        <IconButton size="sm" label={`Delete ${row.customer_name}`} icon={<Icon name="trash" size={16} />} onClick={() => setRemoving(row)} />
      </span>
    ),
    [],
  );

  return (
    <>
      <PageHeader title="Customers" />
      <DataTable
        label="Customers"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        rowKey={(row) => row.customer_id}
        status={list.status}
        emptyText={MESSAGES.emptyCustomers}
        onReload={reload}
        {...params}
        toolbar={
          canWrite ? (
            <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setEditing({ customer: null })}>
              Create
            </Button>
          ) : undefined
        }
        rowActions={canWrite ? rowActions : undefined}
      />
      {editing ? <CustomerModal customer={editing.customer} calls={calls} onClose={closeModal} onSaved={saved} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setRemoving(null);
        }}
        message={MESSAGES.confirmDeleteCustomer}
        busy={isDeleting}
        onContinue={() => {
          if (removing) void remove(removing);
        }}
      />
    </>
  );
}
