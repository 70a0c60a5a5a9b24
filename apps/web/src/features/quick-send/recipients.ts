/** A recipient chip: an address, with the name and company a matching contact brings. */
export interface RecipientChip {
  email: string;
  name?: string;
  company?: string;
}

export interface ContactLike {
  email: string;
  name?: string | null;
  company?: string | null;
}

const EMAIL = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]{2,}$/;

/** Trimmed and lower-cased, as the spec asks of email-to addresses. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  return EMAIL.test(normalizeEmail(raw));
}

/** Splits typed or pasted text into addresses: commas, semicolons and whitespace separate them. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[;,\s]+/)
    .map(normalizeEmail)
    .filter(Boolean);
}

export interface AddResult {
  chips: RecipientChip[];
  /** What could not be added because it is not an address (kept in the box for the user to fix). */
  invalid: string[];
  /** Addresses already in the list (ignored, case-insensitively). */
  duplicates: string[];
}

/**
 * Adds typed or pasted addresses to the chips: valid ones once each (case-insensitive), with the
 * name and company of a contact with the same address; invalid text is handed back.
 */
export function addRecipients(current: RecipientChip[], text: string, contacts: ContactLike[] = []): AddResult {
  const chips = [...current];
  const invalid: string[] = [];
  const duplicates: string[] = [];
  const byEmail = new Map(contacts.map((c) => [normalizeEmail(c.email), c]));
  for (const address of splitAddresses(text)) {
    if (!isValidEmail(address)) {
      invalid.push(address);
      continue;
    }
    if (chips.some((c) => c.email === address)) {
      duplicates.push(address);
      continue;
    }
    const contact = byEmail.get(address);
    chips.push({ email: address, ...(contact?.name ? { name: contact.name } : {}), ...(contact?.company ? { company: contact.company } : {}) });
  }
  return { chips, invalid, duplicates };
}
