/**
 * WhatsApp's text marks (*bold*, _italic_, ~strike~, ```mono```) as plain text, for channels that show them literally
 * (manifest.formatting "plain": Messenger, Instagram). A mark counts only where WhatsApp would render it: around a
 * non-blank run of text, opening at the start or after a space or punctuation and closing before one, so "2*3*4",
 * snake_case_names and URLs keep their characters. The agent's signature "*Ana*:" becomes "Ana:".
 */
const MONO = /```([^]+?)```/g;
const MARKS = [
  /(^|[\s([{"'])\*(?=\S)([^*\n]*?\S)\*(?=$|[\s.,:;!?)\]}"'])/gm,
  /(^|[\s([{"'])_(?=\S)([^_\n]*?\S)_(?=$|[\s.,:;!?)\]}"'])/gm,
  /(^|[\s([{"'])~(?=\S)([^~\n]*?\S)~(?=$|[\s.,:;!?)\]}"'])/gm,
];

export function plainText(text: string): string {
  let out = text.replace(MONO, "$1");
  // Marks nest (*_both_*): strip until nothing changes.
  for (let prev = ""; prev !== out; ) {
    prev = out;
    for (const mark of MARKS) out = out.replace(mark, "$1$2");
  }
  return out;
}
