/** Text made safe inside HTML or XML, element content or a quoted attribute: & < > " ' as numeric references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
