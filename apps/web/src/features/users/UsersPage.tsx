import {
  MESSAGES,
  fullName,
  userFormBody,
  userFormFields,
  userStatus,
  type Actor,
  type User,
  type UserCreateBody,
  type UserFormSetup,
  type UserFormValues,
  type UserScreen,
  type UserUpdateBody,
} from '@relevo/domain';
import { ConfirmDialog, Icon, IconButton, PageHeader, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useMemo, useState } from 'react';
import { listDateText, msg, t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import { savedOrReported } from '../../shell/save-failure';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { CreateButton } from '../../shell/record-screen';
import { useService } from '../../shell/services';
import { useSession, useSignedInUser } from '../../shell/session';
import { AdminPasswordModal } from './AdminPasswordModal';
import { UserModal } from './UserModal';
import { liveUserCalls } from './user-calls';
import { USER_SCREEN_CONFIG, userRowActions, userScreenRights } from './user-screens';
import './UsersPage.css';

/** The title of each user screen (docs/product.md#user-lists). */
const SCREEN_TITLES: Record<UserScreen, string> = {
  staffUsers: msg('Admin Users'),
  customerUsers: msg('Customer Users'),
  ownUsers: msg('Users'),
};

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'password'; user: User }
  | { kind: 'delete'; user: User }
  | null;

/**
 * docs/product.md#user-lists user lists: Admin Users (staff users), Customer Users (every customer's users, seen by
 * staff) and Users (a Customer Root's own customer's users). One screen, three endpoint groups;
 * the buttons a role sees come from the permissions the server checks (docs/product.md#roles-and-permissions).
 */
export function UsersPage({ screen }: { screen: UserScreen }) {
  const me = useSignedInUser();
  const { actor: session } = useSession();
  const role = me.role.rol_id;
  const actor = useMemo<Actor>(() => ({ id: me.id, role }), [me.id, role]);
  const config = USER_SCREEN_CONFIG[screen];
  const title = t(SCREEN_TITLES[screen]);
  const rights = useMemo(() => userScreenRights(role, screen), [role, screen]);
  const userCalls = useService('userCalls', liveUserCalls);
  const calls = useMemo(() => userCalls(screen), [userCalls, screen]);

  const params = useListParams(config.defaultSort);
  const list = useList<User>(calls.list, params);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const close = useCallback(() => setDialog(null), []);

  /** a change to the signed-in user's own record shows in the layout too */
  const { reload } = list;
  const afterChange = useCallback(
    (changed: { id: number }) => {
      reload();
      if (changed.id === me.id) session.send({ type: 'RELOAD' });
    },
    [reload, me.id, session],
  );

  const columns = useMemo<DataTableColumn<User>[]>(() => {
    const extra: DataTableColumn<User>[] =
      config.extraColumn === 'role'
        ? [{ id: 'role', header: t('Role'), cell: (user) => user.role.rol_name, sortable: true }]
        : config.extraColumn === 'customer'
          ? [
              {
                id: 'customer',
                header: t('Customer'),
                cell: (user) => user.customer?.customer_name ?? '',
                sortable: true,
              },
            ]
          : [];
    return [
      { id: 'name', header: t('Name'), cell: (user) => user.name, sortable: true },
      { id: 'last_name', header: t('Last Name'), cell: (user) => user.last_name, sortable: true },
      { id: 'email', header: t('Email'), cell: (user) => user.email, sortable: true },
      {
        id: 'status',
        header: t('Status'),
        cell: (user) => {
          const status = userStatus(user.status);
          return <StatusBadge tone={status.tone} label={t(status.label)} />;
        },
        sortable: true,
        width: '8rem',
      },
      ...extra,
      // a user never edited shows the day it was created
      {
        id: 'updated_at',
        header: t('Update Date'),
        cell: (user) => <span className="rl-tabular">{listDateText(user.updated_at ?? user.created_at)}</span>,
        sortable: true,
        width: '8.5rem',
      },
    ];
  }, [config.extraColumn]);

  const rowActions = useCallback(
    (user: User) => {
      const name = fullName(user);
      // one's own row: no Delete and no admin password change (the domain refuses both)
      const actions = userRowActions(actor, rights, user);
      return (
        <div className="users__row-actions">
          {actions.canEdit ? (
            <IconButton
              size="sm"
              label={t('Edit {name}', { name })}
              icon={<Icon name="edit" size={16} />}
              onClick={() => setDialog({ kind: 'edit', user })}
            />
          ) : null}
          {actions.canChangePassword ? (
            <IconButton
              size="sm"
              label={t('Change password of {name}', { name })}
              icon={<Icon name="key" size={16} />}
              onClick={() => setDialog({ kind: 'password', user })}
            />
          ) : null}
          {actions.canDelete ? (
            <IconButton
              size="sm"
              label={t('Delete {name}', { name })}
              icon={<Icon name="trash" size={16} />}
              onClick={() => setDialog({ kind: 'delete', user })}
            />
          ) : null}
        </div>
      );
    },
    [actor, rights],
  );

  const editing = dialog?.kind === 'edit' ? dialog.user : null;
  const save = useCallback(
    (values: UserFormValues) => {
      const setup: UserFormSetup = editing
        ? { screen, mode: 'edit', actor: role, actorId: actor.id, stored: editing }
        : { screen, mode: 'create', actor: role };
      const body = userFormBody(values, setup);
      const call = editing ? calls.update(editing.id, body as UserUpdateBody) : calls.create(body as UserCreateBody);
      return savedOrReported(call, userFormFields(setup, values));
    },
    [calls, editing, screen, role, actor.id],
  );

  const saved = useCallback(
    (user: User) => {
      toast.success(t(editing ? MESSAGES.userUpdated : MESSAGES.userCreated));
      setDialog(null);
      afterChange(user);
    },
    [editing, afterChange],
  );

  const passwordUser = dialog?.kind === 'password' ? dialog.user : null;
  const passwordChanged = useCallback(() => {
    toast.success(t(MESSAGES.passwordUpdated));
    setDialog(null);
    if (passwordUser) afterChange(passwordUser);
  }, [passwordUser, afterChange]);

  const remove = async (user: User) => {
    setIsDeleting(true);
    try {
      await calls.remove(user.id);
      toast.success(t(MESSAGES.userDeleted));
      reload();
    } catch (error) {
      // e.g. deleting oneself or the last Staff Root: the server says why (docs/product.md#messages general handler)
      reportError(error);
    } finally {
      setIsDeleting(false);
      setDialog(null);
    }
  };

  return (
    <>
      <PageHeader title={title} />
      <ListTable<User>
        label={title}
        columns={columns}
        list={list}
        params={params}
        rowKey={(user) => user.id}
        emptyText={t(MESSAGES.emptyUsers)}
        toolbar={rights.canCreate ? <CreateButton onClick={() => setDialog({ kind: 'create' })} /> : undefined}
        {...(rights.hasRowActions ? { rowActions } : {})}
      />
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <UserModal
          key={dialog.kind === 'edit' ? `edit-${dialog.user.id}` : 'create'}
          screen={screen}
          actor={actor}
          user={editing}
          save={save}
          loadCustomers={calls.listCustomers}
          onSaved={saved}
          onClose={close}
        />
      ) : null}
      {passwordUser ? (
        <AdminPasswordModal
          key={passwordUser.id}
          user={passwordUser}
          changePassword={(body) =>
            savedOrReported(calls.changePassword(passwordUser.id, body), ['new_password', 'confirm_password'])
          }
          onChanged={passwordChanged}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => {
          if (!open && !isDeleting) close();
        }}
        message={t(MESSAGES.confirmDeleteUser)}
        busy={isDeleting}
        onContinue={() => {
          if (dialog?.kind === 'delete') void remove(dialog.user);
        }}
      />
    </>
  );
}
