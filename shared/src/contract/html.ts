/** HTML text and attribute values: the five characters with a meaning in markup (the oEmbed answer's html, the site's pages, the exports). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
