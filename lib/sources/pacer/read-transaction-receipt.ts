// The "Transaction Receipt" CM/ECF prints under a billed report: "Billable Pages: 4  Cost: 0.40"
// (court-systems.md §1.5). What PACER says it charged is what the fee ledger records. Pure.
export interface TransactionReceipt {
  billablePages: number;
  costCents: number;
}

export function readTransactionReceipt(html: string): TransactionReceipt | null {
  const at = html.search(/Transaction\s+Receipt/i);
  if (at < 0) return null;
  const text = html
    .slice(at)
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/\s+/g, " ");
  const pages = /Billable\s+Pages\s*:\s*(\d+)/i.exec(text);
  const cost = /Cost\s*:\s*\$?\s*(\d+(?:\.\d{1,2})?)/i.exec(text);
  if (!pages) return null;
  const billablePages = Number(pages[1]);
  return { billablePages, costCents: cost ? Math.round(Number(cost[1]) * 100) : billablePages * 10 };
}
