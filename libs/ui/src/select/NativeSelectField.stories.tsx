import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NativeSelectField } from './NativeSelectField';
import type { SelectFieldProps, SelectOption } from './types';

const APPLICATIONS: SelectOption[] = [
  { value: null, text: 'All applications' },
  { value: 1, text: 'Billing' },
  { value: 2, text: 'Demo Store' },
  { value: 3, text: 'Payments gateway with a name longer than its field' },
];

function Controlled(props: Omit<SelectFieldProps, 'value' | 'onChange'> & { initial?: SelectFieldProps['value'] }) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <NativeSelectField {...rest} value={value} onChange={setValue} />
      <p style={{ marginTop: 16 }}>
        Chosen value: <output data-testid="chosen">{JSON.stringify(value)}</output>
      </p>
    </>
  );
}

const meta = {
  title: 'UI/NativeSelectField',
  component: Controlled,
  args: { label: 'Application', name: 'application', options: APPLICATIONS },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 240, padding: 48 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The placeholder entry shows while nothing is chosen, and can be chosen again. */
export const Placeholder: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Application' });
    await expect(select).toHaveDisplayValue('All applications');
    await userEvent.selectOptions(select, canvas.getByRole('option', { name: 'Demo Store' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('2'));
    await userEvent.selectOptions(select, canvas.getByRole('option', { name: 'All applications' }));
    await waitFor(() => expect(canvas.getByTestId('chosen')).toHaveTextContent('null'));
  },
};
export const Chosen: Story = {
  args: { initial: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Application' })).toHaveDisplayValue(
      APPLICATIONS[3]!.text,
    );
  },
};
export const Disabled: Story = {
  args: { disabled: true, options: [{ value: null, text: 'Choose an application first' }] },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Application' });
    await expect(select).toBeDisabled();
    await expect(select).toHaveDisplayValue('Choose an application first');
  },
};
export const Invalid: Story = {
  args: { required: true, error: 'Application is required' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Application' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Application' })).toHaveAccessibleDescription(
      'Application is required',
    );
  },
};
/** Without a placeholder entry, "Select" stands for no choice and cannot be chosen back. */
export const WithoutPlaceholder: Story = {
  args: { options: APPLICATIONS.slice(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Application' })).toHaveDisplayValue('Select');
    await expect(canvas.getByRole('option', { name: 'Select' })).toBeDisabled();
  },
};
