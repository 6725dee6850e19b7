import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, StatusBadge, type StatusBadgeProps } from './Badge';

const meta = { title: 'UI/Badge', component: Badge, args: { children: 'Customer Root' } } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Accent: Story = { args: { tone: 'accent' } };

/**
 * Every status of the lists with its colour and text, as the domain's status labels give them
 * (Y/N and 1/0, event statuses, SLA compliance).
 */
const STATUSES: Record<string, Record<string, StatusBadgeProps['tone']>> = {
  'Active flags (Y/N, 1/0)': { ACTIVE: 'success', INACTIVE: 'neutral' },
  'Event status': { Completed: 'success', Canceled: 'neutral', Open: 'danger', 'In progress': 'warning' },
  'SLA compliance': { YES: 'success', NO: 'danger' },
};

export const Statuses: Story = {
  render: () => (
    <dl>
      {Object.entries(STATUSES).map(([group, badges]) => (
        <div key={group}>
          <dt>{group}</dt>
          <dd>
            {Object.entries(badges).map(([label, tone]) => (
              <span key={label}>
                <StatusBadge tone={tone} label={label} />{' '}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  ),
};
