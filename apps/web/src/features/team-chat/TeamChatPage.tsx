import { generalErrorText } from '@relevo/api';
import { CHAT_PROVIDERS, type ChatProvider, type ChatSettingsViews } from '@relevo/domain';
import { PageHeader, PageSpinner } from '@relevo/ui';
import { useEffect, useState } from 'react';
import { t } from '../../shell/i18n';
import { RetryAlert } from '../../shell/RetryAlert';
import { useService } from '../../shell/services';
import { ChatCard } from './ChatCard';
import { liveTeamChatCalls } from './team-chat-calls';
import './TeamChatPage.css';

type Load = { state: 'loading' } | { state: 'loaded'; views: ChatSettingsViews } | { state: 'failed'; error: string };

/**
 * `/team_chat` (docs/product.md#team-chat), the Customer Root's: where Relevo posts its
 * organisation's incidents, Slack, Mattermost and Microsoft Teams, each saved on its own.
 */
export function TeamChatPage() {
  const calls = useService('teamChatCalls', liveTeamChatCalls);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([calls.get('slack'), calls.get('mattermost'), calls.get('teams')]).then(
      ([slack, mattermost, teams]) => current && setLoad({ state: 'loaded', views: { slack, mattermost, teams } }),
      (error: unknown) => current && setLoad({ state: 'failed', error: generalErrorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [calls, round]);

  const saved = <P extends ChatProvider>(provider: P, view: ChatSettingsViews[P]) =>
    setLoad((current) =>
      current.state === 'loaded' ? { state: 'loaded', views: { ...current.views, [provider]: view } } : current,
    );

  return (
    <>
      <PageHeader title={t('Team Chat')} />
      {load.state === 'loading' ? <PageSpinner label={t('Loading the team chat settings')} /> : null}
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
        <div className="team-chat">
          <p className="team-chat__intro">
            {t(
              'Relevo posts each new incident of the modules you choose to your team’s chat. In Slack and Mattermost people accept or resolve it with a button; in Teams its link opens the event here. A person is known by the e-mail address of their resource.',
            )}
          </p>
          {CHAT_PROVIDERS.map((provider) => (
            <ChatCard
              // a save starts the form afresh from what the server keeps
              key={`${provider}:${load.views[provider].updated_at ?? 'none'}`}
              provider={provider}
              view={load.views[provider]}
              calls={calls}
              onSaved={(view) => saved(provider, view)}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
