export { canonicalJson } from './canonical-json';
export { generateReceiptKey, receiptPrivateKey, signReceipt, verifyReceipt } from './receipt-signing';
export type { ReceiptSigningKey } from './receipt-signing';
