import { listOwnPush, subscribeOwnPush, unsubscribeOwnPush, userDashboard, type UserDashboard } from '@relevo/api';
import { ROLE_LABELS, fullName } from '@relevo/domain';
import { Button, Card, Icon, PageHeader } from '@relevo/ui';
import { api } from '../../shell/api';
import { useOpenChangePassword } from '../../shell/change-password-context';
import { useLoaded } from '../../shell/loaded';
import { PushDeviceControl } from '../../shell/PushDeviceControl';
import { browserPushDevice, type PushDeviceIO } from '../../shell/push-device';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import './ProfilePage.css';

declare module '../../shell/services' {
  interface Services {
    loadProfileCounts: () => Promise<UserDashboard>;
    /** "Notify me on this device" for the signed-in user (docs/product.md#push-notifications) */
    ownPushDevice: PushDeviceIO;
  }
}

const liveLoadProfileCounts = () => api.call(userDashboard);

/** The signed-in user's devices, on the user's own push endpoints. */
const liveOwnPushDevice = browserPushDevice({
  isSubscribed: async (endpoint) => (await api.call(listOwnPush)).list.some((device) => device.endpoint === endpoint),
  store: (subscription) => api.call(subscribeOwnPush, { body: subscription }),
  remove: (endpoint) => api.call(unsubscribeOwnPush, { body: { endpoint } }),
});

const COUNTS: { key: keyof UserDashboard; label: string }[] = [
  { key: 'completed', label: 'Completed' },
  { key: 'non_compliance', label: 'Non Compliance' },
  { key: 'open', label: 'Open' },
  { key: 'today', label: 'Today' },
];

/** docs/product.md#profile: the user's name as heading, a summary with four counts, and Modify Password. */
export function ProfilePage() {
  const user = useSignedInUser();
  const openChangePassword = useOpenChangePassword();
  const loadCounts = useService('loadProfileCounts', liveLoadProfileCounts);
  const counts = useLoaded(loadCounts);
  const pushDevice = useService('ownPushDevice', liveOwnPushDevice);

  return (
    <>
      <PageHeader
        title={fullName(user)}
        actions={
          <Button variant="primary" icon={<Icon name="key" size={16} />} onClick={openChangePassword}>
            Modify Password
          </Button>
        }
      />
      <div className="profile">
        <Card title="Summary" className="profile__summary">
          <dl className="profile__facts">
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{ROLE_LABELS[user.role.rol_id]}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd>{user.customer?.customer_name ?? 'None (staff)'}</dd>
            </div>
            {user.phone ? (
              <div>
                <dt>Phone</dt>
                <dd>{user.phone}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <Card title="Your events" className="profile__counts" aria-busy={counts.state === 'loading'}>
          <ul className="profile__stats">
            {COUNTS.map(({ key, label }) => (
              <li key={key} className={`profile__stat profile__stat--${key}`}>
                <span className="profile__stat-value rl-tabular">
                  {counts.state === 'loaded' ? counts.value[key] : '–'}
                </span>
                <span className="profile__stat-label">{label}</span>
              </li>
            ))}
          </ul>
          {counts.state === 'failed' ? <p className="profile__note">The counts could not be loaded.</p> : null}
        </Card>
        <Card title="Notifications on this device" className="profile__push">
          <p className="profile__push-intro">
            When an escalation step calls a resource of {user.customer?.customer_name ?? 'your customer'} whose e-mail
            is yours ({user.email}), this device gets the push notification, with Accept and Resolve on it.
          </p>
          <PushDeviceControl io={pushDevice} />
        </Card>
      </div>
    </>
  );
}
