import "server-only";
// The payment page's words in English and Traditional Chinese. Two languages of a few dozen
// strings: a typed dictionary, with Intl (built into Node and browsers) for dates and numbers.

export const PAY_LANGUAGES = ["en", "zh-TW"] as const;
export type PayLanguage = (typeof PAY_LANGUAGES)[number];

const en = {
  title: "Pay {merchant}",
  invoice: "Invoice {reference}",
  payout: "Payout {reference}",
  payment: "Payment",
  item: "Item",
  quantity: "Qty",
  unitPrice: "Unit price",
  tax: "Tax",
  subtotal: "Subtotal",
  total: "Total",
  amountToPay: "Amount to pay",
  stillDue: "Still due",
  received: "Received",
  token: "Token",
  network: "Network",
  sendTo: "Send exactly this amount of {symbol} on {chain} to:",
  copy: "Copy address",
  copied: "Copied",
  copyAmount: "Copy amount",
  qrAlt: "QR code for a wallet: pay {amount} {symbol} to {address}",
  openWallet: "Open in wallet",
  deadline: "Pay before {time}",
  timeLeft: "Time left: {left}",
  deadlinePassed: "The payment deadline has passed.",
  statusLabel: "Status",
  awaiting: "Waiting for your payment",
  underpaid: "Partly paid: {due} {symbol} still due",
  underpaidHelp: "Send the rest to the same address before the deadline.",
  underpaidLate: "The deadline passed before the full amount arrived. Please contact {merchant}.",
  paid: "Paid. Thank you!",
  receipt: "Receipt",
  paidOn: "Paid on {time}",
  transaction: "Transaction",
  review: "Received. {merchant} is reviewing this payment.",
  expired: "This payment request has expired. Do not send funds to this address.",
  cancelled: "This payment request was cancelled. Do not send funds to this address.",
  refunded: "The funds received were refunded.",
  contact: "Questions? Contact {merchant}",
  contactAt: "Questions? Contact {merchant} at {email}",
  downloadPdf: "Download invoice (PDF)",
  downloadReceipt: "Download receipt (PDF)",
  language: "Language",
  live: "This page updates by itself.",
  tooMany: "Too many requests. Please wait a moment and reload.",
  notFound: "There is no payment request at this address.",
};
type Messages = typeof en;

const zhTW: Messages = {
  title: "付款給 {merchant}",
  invoice: "發票 {reference}",
  payout: "出款單 {reference}",
  payment: "付款",
  item: "項目",
  quantity: "數量",
  unitPrice: "單價",
  tax: "稅額",
  subtotal: "小計",
  total: "總計",
  amountToPay: "應付金額",
  stillDue: "尚欠金額",
  received: "已收到",
  token: "代幣",
  network: "網路",
  sendTo: "請在 {chain} 上將此金額的 {symbol} 轉入：",
  copy: "複製地址",
  copied: "已複製",
  copyAmount: "複製金額",
  qrAlt: "錢包 QR 碼：支付 {amount} {symbol} 至 {address}",
  openWallet: "以錢包開啟",
  deadline: "請於 {time} 前付款",
  timeLeft: "剩餘時間：{left}",
  deadlinePassed: "付款期限已過。",
  statusLabel: "狀態",
  awaiting: "等待您的付款",
  underpaid: "已部分付款：尚欠 {due} {symbol}",
  underpaidHelp: "請在期限前將餘額轉入同一個地址。",
  underpaidLate: "期限前未收到全額款項。請聯絡 {merchant}。",
  paid: "已付款，謝謝！",
  receipt: "收據",
  paidOn: "付款時間 {time}",
  transaction: "交易",
  review: "已收到款項，{merchant} 正在審核此筆付款。",
  expired: "此付款請求已過期，請勿再轉帳至此地址。",
  cancelled: "此付款請求已取消，請勿轉帳至此地址。",
  refunded: "已收到的款項已退回。",
  contact: "有疑問？請聯絡 {merchant}",
  contactAt: "有疑問？請聯絡 {merchant}：{email}",
  downloadPdf: "下載發票（PDF）",
  downloadReceipt: "下載收據（PDF）",
  language: "語言",
  live: "此頁面會自動更新。",
  tooMany: "請求過於頻繁，請稍候再重新整理。",
  notFound: "此網址沒有付款請求。",
};

const MESSAGES: Record<PayLanguage, Messages> = { en, "zh-TW": zhTW };
export type MessageKey = keyof Messages;

export function translator(language: PayLanguage) {
  const messages = MESSAGES[language];
  return (key: MessageKey, values: Record<string, string | number> = {}) =>
    messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * The page's language: an explicit choice (?lang=) first, then the browser's Accept-Language in
 * its order of preference; any Chinese but Simplified-only tags reads Traditional, else English.
 */
export function payLanguage(choice: string | undefined, acceptLanguage: string | null): PayLanguage {
  const chosen = PAY_LANGUAGES.find((language) => language.toLowerCase() === choice?.toLowerCase());
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === "en" || tag.startsWith("en-")) return "en";
    if (tag === "zh" || tag.startsWith("zh-")) {
      if (tag === "zh-cn" || tag === "zh-sg" || tag === "zh-hans" || tag.startsWith("zh-hans-")) continue;
      return "zh-TW";
    }
  }
  return "en";
}
