import { listOwnPush, subscribeOwnPush, unsubscribeOwnPush, userDashboard, type UserDashboard } from '@relevo/api';
import { ROLE_LABELS, fullName } from '@relevo/domain';
import { Button, Card, Icon, PageHeader } from '@relevo/ui';
import { api } from '../../shell/api';
import { useOpenChangePassword } from '../../shell/change-password-context';
import { currentLanguage, msg, numberText, t } from '../../shell/i18n';
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
  { key: 'completed', label: msg('Completed') },
  { key: 'non_compliance', label: msg('Non Compliance') },
  { key: 'open', label: msg('Open') },
  { key: 'today', label: msg('Today') },
];

/** A count as the summary writes it: plain digits in English, the reader's grouping in Spanish. */
const countText = (value: number) => (currentLanguage() === 'es' ? numberText(value) : String(value));

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
            {t('Modify Password')}
          </Button>
        }
      />
      <div className="profile">
        <Card title={t('Summary')} className="profile__summary">
          <dl className="profile__facts">
            <div>
              <dt>{t('Email')}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t('Role')}</dt>
              {/* a role's name stays as the product names it, in either language (docs/spanish.md) */}
              <dd>{ROLE_LABELS[user.role.rol_id]}</dd>
            </div>
            <div>
              <dt>{t('Customer')}</dt>
              <dd>{user.customer?.customer_name ?? t('None (staff)')}</dd>
            </div>
            {user.phone ? (
              <div>
                <dt>{t('Phone')}</dt>
                <dd>{user.phone}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <Card title={t('Your events')} className="profile__counts" aria-busy={counts.state === 'loading'}>
          <ul className="profile__stats">
            {COUNTS.map(({ key, label }) => (
              <li key={key} className={`profile__stat profile__stat--${key}`}>
                <span className="profile__stat-value rl-tabular">
                  {counts.state === 'loaded' ? countText(counts.value[key]) : '–'}
                </span>
                <span className="profile__stat-label">{t(label)}</span>
              </li>
            ))}
          </ul>
          {counts.state === 'failed' ? <p className="profile__note">{t('The counts could not be loaded.')}</p> : null}
        </Card>
        <Card title={t('Notifications on this device')} className="profile__push">
          <p className="profile__push-intro">
            {t(
              'When an escalation step calls a resource of {customer} whose e-mail is yours ({email}), this device gets the push notification, with Accept and Resolve on it.',
              { customer: user.customer?.customer_name ?? t('your customer'), email: user.email },
            )}
          </p>
          <PushDeviceControl io={pushDevice} />
        </Card>
      </div>
    </>
  );
}
