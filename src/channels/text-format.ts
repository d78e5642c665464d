/**
 * WhatsApp's text marks (*bold*, _italic_, ~strike~, ```mono```) as plain text, for channels that show them literally
 * (manifest.formatting "plain": Messenger, Instagram). The one parser of marks (marks.ts, shared with the web app and
 * the widget) decides what a mark is, so "2*3*4", snake_case_names and URLs keep their characters. The agent's
 * signature "*Ana*:" becomes "Ana:".
 */
export { stripMarks as plainText } from "./marks";
