// Request vocabulary of the payment intent, shared by its owners' schemas and the console forms.
export const pricingModes = ["fiat", "crypto"] as const;
export const fiatCurrencies = ["USD", "TWD"] as const;
export const settlementTypes = ["crypto", "fiat"] as const;
