import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PhoneInput, type PhoneCountry } from './PhoneInput';
import { fieldColumn, withOwnValue } from '../field/field-stories';

// docs/product.md#constants-and-limits's lists; the app passes the domain's SUPPORTED_COUNTRIES and PREFERRED_COUNTRIES
const COUNTRIES: PhoneCountry[] = ['PR', 'US', 'DO', 'CO', 'VE', 'MX', 'CA', 'CL', 'AR', 'CR', 'GT', 'PE', 'VI', 'ES'];
const PREFERRED: PhoneCountry[] = ['PR', 'US', 'VI'];

const Controlled = withOwnValue(PhoneInput, (value) => (
  <p className="rl-field__hint">
    Value: <output data-testid="value">{value || '(empty)'}</output>
  </p>
));

const meta = {
  title: 'UI/PhoneInput',
  component: Controlled,
  args: { label: 'Phone', countries: COUNTRIES, preferredCountries: PREFERRED, required: true },
  decorators: [fieldColumn(120)],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { initial: '+17875550123' } };
export const OtherCountry: Story = { args: { initial: '+34612345678' } };
export const WithHint: Story = { args: { hint: 'The mobile number of your account' } };
export const Disabled: Story = { args: { initial: '+17875550123', disabled: true } };

export const Invalid: Story = {
  args: { initial: '+1787555', errors: ['Must be a valid phone number with its country code, e.g. +17875550123'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Phone: 1 problem/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Must be a valid phone number',
    );
  },
};

/** Typing a national number gives the number in E.164 for the selected country. */
export const TypedNationally: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Phone'), '7875550123');
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('+17875550123'));
  },
};

/** Keyboard only: Tab to the country list, choose with the arrow keys, Tab on to the number. */
export const ByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const country = canvas.getByRole('combobox', { name: 'Country' });
    await userEvent.tab();
    await expect(country).toHaveFocus();
    await userEvent.selectOptions(country, 'ES');
    await expect(country).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Phone')).toHaveFocus();
    await userEvent.keyboard('612345678');
    await waitFor(() => expect(canvas.getByTestId('value')).toHaveTextContent('+34612345678'));
  },
};
