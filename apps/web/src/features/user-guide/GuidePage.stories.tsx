import { Role } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';

/** The real route table at /guide: docs/user-guide.md rendered, for a staff user (every role reads it). */
function Guide({ at }: { at: string }) {
  return <StoryApp routes={routes} at={at} user={storyUser(Role.StaffView)} />;
}

export default { title: 'Screens/User guide', ...screenMeta(Guide) };
type Story = StoryObj<typeof Guide>;

export const Contents: Story = {
  args: { at: '/guide' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'User guide' })).toBeVisible();
    const contents = canvas.getByRole('navigation', { name: 'Contents of the user guide' });
    await expect(within(contents).getByRole('link', { name: 'Forgotten password' })).toHaveAttribute(
      'href',
      '#forgotten-password',
    );
    // every heading carries the anchor the assistant links to
    await expect(canvasElement.querySelector('h3#by-sms-3-steps')).toHaveTextContent('By SMS (3 steps)');
    await expect(canvasElement.querySelector('h2#access-denied-403')).not.toBeNull();
    // the role tables: a named column header for each role, the corner cell a plain cell
    await expect(canvas.getAllByRole('columnheader', { name: 'Customer Root' }).length).toBeGreaterThan(0);
    await expect(canvas.queryAllByRole('columnheader', { name: '' })).toEqual([]);
  },
};

/** Opened from an answer's link: the section is there to land on. */
export const AtASection: Story = {
  args: { at: '/guide#when-an-escalation-is-incomplete' },
  play: async ({ canvasElement }) => {
    const heading = await within(canvasElement).findByRole('heading', { name: /When an escalation is incomplete/ });
    await expect(heading).toHaveAttribute('id', 'when-an-escalation-is-incomplete');
  },
};
