/** The countries Paystack's bank list takes (its `country` values) and the currency of each. */
export const BANK_COUNTRIES = { nigeria: "NGN", ghana: "GHS", kenya: "KES", "south africa": "ZAR" } as const;
type Country = keyof typeof BANK_COUNTRIES;

/** The kinds of financial institution Paystack lists: Nigerian NUBAN banks, Ghana's GhIPSS, Kenya's KEPSS, South Africa's BASA, and mobile money wallets. */
export type BankType = "nuban" | "ghipss" | "kepss" | "basa" | "mobile_money";

interface BankEntry {
  name: string;
  code: string;
  type: BankType;
  /** A Nigerian bank a customer can pay from directly (Paystack's pay with bank). */
  payWithBank?: boolean;
  longcode?: string;
}

/**
 * A short, fixed sample of each country's institutions (the real list has hundreds): the large banks by their
 * clearing codes, Paystack-Titan (where pay-with-transfer accounts live), and the mobile money wallets by Paystack's
 * provider codes.
 */
const BANKS: Record<Country, BankEntry[]> = {
  nigeria: [
    { name: "Access Bank", code: "044", type: "nuban", payWithBank: true },
    { name: "First Bank of Nigeria", code: "011", type: "nuban" },
    { name: "Guaranty Trust Bank", code: "058", type: "nuban", payWithBank: true },
    { name: "Kuda Bank", code: "50211", type: "nuban" },
    { name: "Paystack-Titan", code: "100039", type: "nuban" },
    { name: "United Bank For Africa", code: "033", type: "nuban" },
    { name: "Wema Bank", code: "035", type: "nuban", longcode: "035150103" },
    { name: "Zenith Bank", code: "057", type: "nuban", payWithBank: true },
  ],
  ghana: [
    { name: "Absa Bank Ghana Ltd", code: "030100", type: "ghipss" },
    { name: "Ecobank Ghana Limited", code: "130100", type: "ghipss" },
    { name: "GCB Bank Limited", code: "040100", type: "ghipss" },
    { name: "Stanbic Bank Ghana Limited", code: "190100", type: "ghipss" },
    { name: "MTN", code: "MTN", type: "mobile_money" },
    { name: "AirtelTigo", code: "ATL", type: "mobile_money" },
    { name: "Vodafone", code: "VOD", type: "mobile_money" },
  ],
  kenya: [
    { name: "KCB Bank Kenya Limited", code: "01", type: "kepss" },
    { name: "NCBA Bank Kenya", code: "07", type: "kepss" },
    { name: "Co-operative Bank of Kenya", code: "11", type: "kepss" },
    { name: "Equity Bank Kenya Limited", code: "68", type: "kepss" },
    { name: "M-PESA", code: "MPESA", type: "mobile_money" },
  ],
  "south africa": [
    { name: "Absa Bank Limited", code: "632005", type: "basa" },
    { name: "Capitec Bank", code: "470010", type: "basa" },
    { name: "First National Bank", code: "250655", type: "basa" },
    { name: "Nedbank", code: "198765", type: "basa" },
    { name: "Standard Bank", code: "051001", type: "basa" },
  ],
};

const CREATED = "2016-07-14T10:04:29.000Z";

const titleCase = (country: Country) => country.replace(/\b\w/g, (c) => c.toUpperCase());
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Paystack's bank object, for every sample institution; ids are stable. */
const ALL = (Object.entries(BANKS) as [Country, BankEntry[]][]).flatMap(([country, banks], c) =>
  banks.map((bank, i) => ({
    name: bank.name,
    slug: slug(bank.name),
    code: bank.code,
    longcode: bank.longcode ?? "",
    gateway: null,
    pay_with_bank: bank.payWithBank ?? false,
    supports_transfer: true,
    available_for_direct_debit: false,
    active: true,
    is_deleted: false,
    country: titleCase(country),
    currency: BANK_COUNTRIES[country],
    type: bank.type,
    id: 100 * (c + 1) + i + 1,
    createdAt: CREATED,
    updatedAt: CREATED,
  })),
);

export type BankData = (typeof ALL)[number];

/**
 * The banks `GET /bank` lists: Nigeria's when neither a country nor a currency is named (Paystack's default), else
 * those of the country and currency named (none for an unknown one), of one type when asked.
 */
export function listBanks(filter: { country?: string; currency?: string; type?: string; payWithBank?: boolean }): BankData[] {
  const country = filter.country?.toLowerCase();
  const currency = filter.currency?.toUpperCase();
  return ALL.filter((bank) => {
    if (country !== undefined && bank.country.toLowerCase() !== country) return false;
    if (currency !== undefined && bank.currency !== currency) return false;
    if (country === undefined && currency === undefined && bank.currency !== "NGN") return false;
    if (filter.type !== undefined && bank.type !== filter.type) return false;
    if (filter.payWithBank && !bank.pay_with_bank) return false;
    return true;
  });
}
