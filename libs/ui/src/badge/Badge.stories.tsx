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
const STATUSES: { group: string; badges: StatusBadgeProps[] }[] = [
  {
    group: 'Active flags (Y/N, 1/0)',
    badges: [
      { tone: 'success', label: 'ACTIVE' },
      { tone: 'neutral', label: 'INACTIVE' },
    ],
  },
  {
    group: 'Event status',
    badges: [
      { tone: 'success', label: 'Completed' },
      { tone: 'neutral', label: 'Canceled' },
      { tone: 'danger', label: 'Open' },
      { tone: 'warning', label: 'In progress' },
    ],
  },
  {
    group: 'SLA compliance',
    badges: [
      { tone: 'success', label: 'YES' },
      { tone: 'danger', label: 'NO' },
    ],
  },
];

export const Statuses: Story = {
  render: () => (
    <dl>
      {STATUSES.map(({ group, badges }) => (
        <div key={group}>
          <dt>{group}</dt>
          <dd>
            {badges.map((badge) => (
              <span key={badge.label}>
                <StatusBadge {...badge} />{' '}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  ),
};
