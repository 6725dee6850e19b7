import { IMPORT_MESSAGES, IMPORT_SCREEN_TEXTS } from '@relevo/domain';
import { expect, userEvent, within } from 'storybook/test';
import { storyBody as body } from '../../testing/story-dialogs';
import { importScreensMeta, type ImportScreensStory } from '../../testing/imports';

export default { title: 'Screens/Import', ...importScreensMeta };
type Story = ImportScreensStory;

const T = IMPORT_SCREEN_TEXTS;
const SAMPLE = new File(['{"users": []}'], 'pagerduty.json', { type: 'application/json' });

/** Chooses PagerDuty and picks the file, as the Customer Root does. */
async function chooseAndPick(canvasElement: HTMLElement, file = SAMPLE) {
  const screen = body(canvasElement);
  await userEvent.selectOptions(await screen.findByLabelText(T.tool), 'PagerDuty');
  await userEvent.upload(screen.getByLabelText(T.file), file);
}

const button = (canvasElement: HTMLElement, name: string) => body(canvasElement).getByRole('button', { name });

/** Nothing chosen yet: both buttons wait for the tool and the file. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await expect(body(canvasElement).getByText(T.chooseFirst)).toBeVisible();
    await expect(button(canvasElement, T.dryRun)).toBeDisabled();
    await expect(button(canvasElement, T.import)).toBeDisabled();
  },
};

/** The dry run's report: what would be made, and what cannot be mapped and why; Import is offered now. */
export const DryRun: Story = {
  play: async ({ canvasElement }) => {
    await chooseAndPick(canvasElement);
    await expect(button(canvasElement, T.import)).toBeDisabled();
    await userEvent.click(button(canvasElement, T.dryRun));
    const report = await body(canvasElement).findByRole('region', { name: T.dryRunTitle });
    await expect(within(report).getByRole('row', { name: 'Resources 3 0' })).toBeVisible();
    await expect(within(report).getByRole('row', { name: 'Escalation steps 2 0' })).toBeVisible();
    await expect(within(report).getByRole('list', { name: T.unmappedTitle })).toHaveTextContent(
      'User Bruno Costa: phone London office: This country is not supported',
    );
    await expect(button(canvasElement, T.import)).toBeEnabled();
  },
};

/** Import after the dry run: the records made. */
export const Imported: Story = {
  args: { run: 'allMapped' },
  play: async ({ canvasElement }) => {
    await chooseAndPick(canvasElement);
    await userEvent.click(button(canvasElement, T.dryRun));
    await body(canvasElement).findByRole('region', { name: T.dryRunTitle });
    await userEvent.click(button(canvasElement, T.import));
    const report = await body(canvasElement).findByRole('region', { name: T.importedTitle });
    await expect(within(report).getByRole('columnheader', { name: T.created })).toBeVisible();
    await expect(within(report).getByRole('row', { name: 'Modules 2 0' })).toBeVisible();
    await expect(within(report).getByText(T.allMapped)).toBeVisible();
    await expect(button(canvasElement, T.import)).toBeDisabled();
  },
};

/** The same file again: everything is already there, nothing to create. */
export const AlreadyImported: Story = {
  args: { run: 'again' },
  play: async ({ canvasElement }) => {
    await chooseAndPick(canvasElement);
    await userEvent.click(button(canvasElement, T.dryRun));
    const report = await body(canvasElement).findByRole('region', { name: T.dryRunTitle });
    await expect(within(report).getByRole('row', { name: 'Resources 0 3' })).toBeVisible();
  },
};

/** The dry run under way. */
export const Checking: Story = {
  args: { run: 'checking' },
  play: async ({ canvasElement }) => {
    await chooseAndPick(canvasElement);
    await userEvent.click(button(canvasElement, T.dryRun));
    await expect(await body(canvasElement).findByText(T.checking)).toBeInTheDocument();
    await expect(button(canvasElement, T.dryRun)).toBeDisabled();
  },
};

/** A file that is not the tool's export: the server's message, and nothing imported. */
export const Malformed: Story = {
  args: { run: 'malformed' },
  play: async ({ canvasElement }) => {
    await chooseAndPick(canvasElement);
    await userEvent.click(button(canvasElement, T.dryRun));
    await expect(await body(canvasElement).findByRole('alert')).toHaveTextContent(
      'The file is not a PagerDuty export: users[0].name: Invalid type',
    );
    await expect(button(canvasElement, T.import)).toBeDisabled();
  },
};

/** A file over 5 MB is refused before it is sent. */
export const TooLarge: Story = {
  play: async ({ canvasElement }) => {
    const big = new File(['x'], 'huge.json', { type: 'application/json' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await chooseAndPick(canvasElement, big);
    await expect(await body(canvasElement).findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.tooLarge);
    await expect(button(canvasElement, T.dryRun)).toBeDisabled();
  },
};
