// Shape checks of the user channel's data: a frame whose data fails them is treated as lost. Imports only common/.

type Fields = Record<string, unknown>;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 64;
/** An exact decimal string as the server writes them. */
const isAmount = (v: unknown): v is string => typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);

export function isOrder(d: Fields): boolean {
  return (
    isId(d.orderId) &&
    isText(d.symbol) &&
    isText(d.coinSymbol) &&
    isText(d.baseSymbol) &&
    (d.direction === 1 || d.direction === 2) &&
    isInt(d.type) &&
    isInt(d.status) &&
    isInt(d.time) &&
    isInt(d.updateTime) &&
    ['price', 'amount', 'tradedAmount', 'turnover', 'averagePrice', 'fee', 'triggerPrice'].every((k) => isAmount(d[k]))
  );
}

export function isFill(d: Fields): boolean {
  return (
    isId(d.tradeId) &&
    isId(d.orderId) &&
    isText(d.symbol) &&
    (d.direction === 1 || d.direction === 2) &&
    isInt(d.time) &&
    typeof d.maker === 'boolean' &&
    ['price', 'amount', 'turnover', 'fee'].every((k) => isAmount(d[k]))
  );
}

export const isBalance = (d: Fields): boolean => isText(d.coin) && isAmount(d.available) && isAmount(d.frozen);

/** The subset of a TypeBox object schema that the contract views of common/contracts use. */
interface FlatSchema {
  properties?: Record<string, { type?: string; maxLength?: number }>;
  required?: readonly string[];
}

/**
 * Whether `d` has every field its (flat) common/contracts schema requires, each of the declared JSON type: the contract
 * kinds are checked against their one declaration rather than a copy of it. Text is bounded like the spot kinds'.
 */
export function matches(schema: unknown, d: Fields): boolean {
  const { properties = {}, required = [] } = schema as FlatSchema;
  for (const key of required) {
    const v = d[key];
    const type = properties[key]?.type;
    if (type === 'integer' && !isInt(v)) return false;
    if (type === 'number' && !(typeof v === 'number' && Number.isFinite(v))) return false;
    if (type === 'boolean' && typeof v !== 'boolean') return false;
    if (type === 'string' && !(typeof v === 'string' && v.length <= (properties[key]?.maxLength ?? 64))) return false;
  }
  return true;
}
