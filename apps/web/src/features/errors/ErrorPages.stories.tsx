import { Role } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import { ForbiddenPage } from './ForbiddenPage';
import { NotFoundPage } from './NotFoundPage';

function ErrorPage({ page, signedIn = false }: { page: '403' | '404'; signedIn?: boolean }) {
  return (
    <StoryApp
      at="/page"
      user={signedIn ? storyUser(Role.CustomerRoot) : null}
      routes={[{ path: '/page', element: page === '403' ? <ForbiddenPage /> : <NotFoundPage /> }, landed('/*')]}
    />
  );
}

export default { title: 'Screens/Error pages', ...screenMeta(ErrorPage) };
type Story = StoryObj<typeof ErrorPage>;

export const Forbidden: Story = { args: { page: '403' } };
export const NotFoundSignedOut: Story = { args: { page: '404' } };
export const NotFoundSignedIn: Story = { args: { page: '404', signedIn: true } };
export const NotFoundSearched: Story = {
  args: { page: '404', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Search'), 'user');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  },
};
export const NotFoundNoMatch: Story = {
  args: { page: '404', signedIn: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Search'), 'billing');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
  },
};
