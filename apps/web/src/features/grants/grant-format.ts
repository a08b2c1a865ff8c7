import type { TGrant } from '@paperbench/contract';
import { formatPaperDate } from '../../lib/paper-format';

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in its currency, whole units ('$1,250,000'); the currency code itself when Intl does not
 * know it ('1,250,000 XYZ'). Null for a grant without an amount.
 */
export function formatGrantAmount(amount: number | null, currency: string, locale?: string): string | null {
  if (amount === null || !Number.isFinite(amount)) return null;
  const key = `${locale ?? ''}|${currency}`;
  let format = amountFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      // Not an ISO 4217 code Intl can format: the number, then the code as the source gave it.
      const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
      return `${plain.format(amount)} ${currency}`.trim();
    }
    amountFormats.set(key, format);
  }
  return format.format(amount);
}

/**
 * The dates a card shows: an open call's closing date ('Closes Mar 14, 2026', or when it opens if no
 * close date is known), an award's period ('Sep 1, 2019 – Aug 31, 2022', or one end of it).
 */
export function describeGrantDates(
  grant: Pick<TGrant, 'kind' | 'start_date' | 'end_date' | 'close_date'>,
): string | null {
  const start = formatPaperDate(grant.start_date);
  const end = formatPaperDate(grant.end_date);
  if (grant.kind === 'opportunity') {
    const close = formatPaperDate(grant.close_date);
    if (close) return `Closes ${close}`;
    return start ? `Opens ${start}` : null;
  }
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return null;
}

/** An open call's state on the server's today (docs/grants.md#open-calls), as the card's deadline says it. */
export const CALL_STATUS_LABELS = {
  open: 'open today',
  closed: 'closed',
  forecast: 'not open yet (forecast)',
} as const;

export const KIND_LABELS = { award: 'Funded award', opportunity: 'Open call' } as const;

/** The number of grants, for the results heading: '1 grant', '1,234 grants'. */
export const describeGrantCount = (total: number, locale?: string) =>
  `${total.toLocaleString(locale)} ${total === 1 ? 'grant' : 'grants'}`;
