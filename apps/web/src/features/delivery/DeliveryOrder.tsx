import { fieldMessagesOf } from '@relevo/api';
import {
  CHAIN_MESSAGES,
  DELIVERY_PROVIDERS,
  PROVIDER_LABELS,
  PROVIDER_MESSAGES,
  parseDeliveryChain,
  type DeliveryChainInput,
  type DeliveryProvider,
  type DeliverySettingsView,
} from '@relevo/domain';
import { Alert, Button, Card, Icon, IconButton, TextField, toast } from '@relevo/ui';
import { useRef, useState } from 'react';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import type { DeliveryCalls } from './delivery-calls';

interface CountryRow {
  key: number;
  code: string;
  chain: string;
  errors: { code?: string; chain?: string };
}

const labelsOf = (chain: readonly DeliveryProvider[]) =>
  chain.map((provider) => t(PROVIDER_LABELS[provider])).join(', ');

/** The chain and the country rows as the form sends them, or the messages that stop the save. */
function checked(chain: DeliveryProvider[], rows: CountryRow[]) {
  const chainError = chain.length === 0 ? CHAIN_MESSAGES.empty : null;
  const seen = new Set<string>();
  const checkedRows = rows.map((row) => {
    const code = row.code.trim();
    const parsed = parseDeliveryChain(row.chain);
    const errors: CountryRow['errors'] = {};
    if (!/^[1-9][0-9]{0,2}$/.test(code)) errors.code = CHAIN_MESSAGES.countryCode;
    else if (seen.has(code)) errors.code = CHAIN_MESSAGES.countryRepeated(code);
    seen.add(code);
    if ('error' in parsed) errors.chain = parsed.error;
    return { row: { ...row, errors }, body: 'chain' in parsed ? { country_code: code, chain: parsed.chain } : null };
  });
  const ok = !chainError && checkedRows.every(({ row }) => !row.errors.code && !row.errors.chain);
  const body: DeliveryChainInput | null = ok ? { chain, country_chains: checkedRows.map(({ body }) => body!) } : null;
  return { chainError, rows: checkedRows.map(({ row }) => row), body };
}

export interface DeliveryOrderProps {
  customerId: number;
  view: DeliverySettingsView;
  calls: DeliveryCalls;
  readOnly: boolean;
  onSaved: (view: DeliverySettingsView) => void;
}

/**
 * docs/product.md#delivery-providers Order and Country chains: the failover order (move up, down,
 * add, remove) and a chain per country calling code, saved together.
 */
export function DeliveryOrder({ customerId, view, calls, readOnly, onSaved }: DeliveryOrderProps) {
  const nextKey = useRef(view.country_chains.length);
  const [chain, setChain] = useState<DeliveryProvider[]>(view.chain);
  const [chainError, setChainError] = useState<string | null>(null);
  const [rows, setRows] = useState<CountryRow[]>(() =>
    view.country_chains.map((entry, index) => ({
      key: index,
      code: entry.country_code,
      chain: entry.chain.join(','),
      errors: {},
    })),
  );
  const [saving, setSaving] = useState(false);
  const configured = new Set(view.providers.map((saved) => saved.provider));
  const missing = DELIVERY_PROVIDERS.filter((provider) => !chain.includes(provider));

  const move = (index: number, by: -1 | 1) =>
    setChain((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const changeRow = (key: number, change: Partial<Pick<CountryRow, 'code' | 'chain'>>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change, errors: {} } : row)));

  const save = async () => {
    const result = checked(chain, rows);
    setChainError(result.chainError);
    setRows(result.rows);
    if (!result.body) return;
    setSaving(true);
    try {
      const answer = await calls.saveChain(customerId, result.body);
      toast.success(t(PROVIDER_MESSAGES.chainSaved));
      onSaved(answer);
    } catch (error) {
      const fields = fieldMessagesOf(error);
      if (fields.chain) setChainError(fields.chain[0]!);
      else reportError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="delivery__order"
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void save();
      }}
    >
      <Card title={t('Order')} headingLevel={2}>
        {chain.length === 0 ? (
          <p className="delivery__note">
            {t('Following the deployment’s order: {providers}', { providers: labelsOf(view.default_chain) })}
          </p>
        ) : null}
        <ol className="delivery__chain" aria-label={t('Delivery order')}>
          {chain.map((provider, index) => (
            <li key={provider} className="delivery__chain-item">
              <span className="delivery__chain-name">
                {t(PROVIDER_LABELS[provider])}
                {configured.has(provider) ? null : (
                  <span className="delivery__chain-warning"> — {t(CHAIN_MESSAGES.notConfigured(provider))}</span>
                )}
              </span>
              {readOnly ? null : (
                <span className="delivery__chain-buttons">
                  <IconButton
                    size="sm"
                    label={t('Move {provider} up', { provider: t(PROVIDER_LABELS[provider]) })}
                    icon={<Icon name="chevron-up" size={16} />}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <IconButton
                    size="sm"
                    label={t('Move {provider} down', { provider: t(PROVIDER_LABELS[provider]) })}
                    icon={<Icon name="chevron-down" size={16} />}
                    disabled={index === chain.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <IconButton
                    size="sm"
                    label={t('Take {provider} out of the order', { provider: t(PROVIDER_LABELS[provider]) })}
                    icon={<Icon name="close" size={16} />}
                    onClick={() => setChain((current) => current.filter((item) => item !== provider))}
                  />
                </span>
              )}
            </li>
          ))}
        </ol>
        {chainError ? <Alert variant="error">{t(chainError)}</Alert> : null}
        {readOnly || missing.length === 0 ? null : (
          <div className="delivery__add" role="group" aria-label={t('Add to the order')}>
            {missing.map((provider) => (
              <Button
                key={provider}
                size="sm"
                icon={<Icon name="plus" size={16} />}
                onClick={() => {
                  setChain((current) => [...current, provider]);
                  setChainError(null);
                }}
              >
                {t(PROVIDER_LABELS[provider])}
              </Button>
            ))}
          </div>
        )}
      </Card>
      <Card title={t('Country chains')} headingLevel={2}>
        <p className="delivery__note">
          {t(
            'A number that starts with a country calling code follows that code’s chain instead of the order; write the providers separated by commas, such as twilio,vonage.',
          )}
        </p>
        {rows.length === 0 ? <p className="delivery__note">{t('No country chains.')}</p> : null}
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="delivery__country"
            role="group"
            aria-label={t('Country chain {number}', { number: index + 1 })}
          >
            <TextField
              label={t('Country code')}
              inputMode="numeric"
              value={row.code}
              disabled={readOnly}
              errors={row.errors.code ? [t(row.errors.code)] : undefined}
              onValueChange={(code) => changeRow(row.key, { code })}
            />
            <TextField
              label={t('Chain')}
              value={row.chain}
              disabled={readOnly}
              errors={row.errors.chain ? [t(row.errors.chain)] : undefined}
              onValueChange={(value) => changeRow(row.key, { chain: value })}
            />
            {readOnly ? null : (
              <IconButton
                size="sm"
                label={t('Remove country chain {number}', { number: index + 1 })}
                icon={<Icon name="trash" size={16} />}
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              />
            )}
          </div>
        ))}
        {readOnly ? null : (
          <div className="delivery__actions">
            <Button
              icon={<Icon name="plus" size={16} />}
              onClick={() =>
                setRows((current) => [...current, { key: nextKey.current++, code: '', chain: '', errors: {} }])
              }
            >
              {t('Add a country chain')}
            </Button>
            <Button type="submit" variant="primary" loading={saving}>
              {t('Save order')}
            </Button>
          </div>
        )}
      </Card>
    </form>
  );
}
