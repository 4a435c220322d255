import { formatMoney } from "../../shared/format/format.ts";

/** A track's price as the catalogue shows it: "Free", or dollars with 2 decimals. */
export const formatPrice = (price: number) => (price === 0 ? "Free" : formatMoney(price));
