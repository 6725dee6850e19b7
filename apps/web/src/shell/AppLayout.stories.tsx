import { Role, homePathFor, type RoleId } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { routes } from '../routes';
import { storyCounts, storyUser } from '../testing/fixtures';
import { StoryApp } from '../testing/story-app';

/** The real route table, signed in as a fixture user of one role, landing on that role's home. */
function SignedInApp({ role, forced = false, path }: { role: RoleId; forced?: boolean; path?: string }) {
  return (
    <StoryApp
      routes={routes}
      at={path ?? homePathFor(role)}
      user={storyUser(role, { force_change_password: forced })}
      services={{ loadProfileCounts: async () => storyCounts, loadClientSettings: async () => ({ version: '1.4.4', widget_script_url: null }) }}
    />
  );
}

const meta = { title: 'Screens/Layout', component: SignedInApp, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof SignedInApp>;
export default meta;
type Story = StoryObj<typeof meta>;

export const StaffRoot: Story = { args: { role: Role.StaffRoot } };
export const StaffEdit: Story = { args: { role: Role.StaffEdit } };
export const StaffView: Story = { args: { role: Role.StaffView } };
export const CustomerRoot: Story = { args: { role: Role.CustomerRoot } };
export const Customer: Story = { args: { role: Role.Customer } };
export const ForcedPasswordChange: Story = { args: { role: Role.Customer, forced: true } };
export const NestedBreadcrumb: Story = { args: { role: Role.Customer, path: '/events/A1B2C3/event_logs' } };
export const Narrow: Story = { args: { role: Role.CustomerRoot }, globals: { viewport: { value: 'mobile1', isRotated: false } } };
