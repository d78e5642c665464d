/** The widget's few strings in Spanish (fallback), Portuguese and English, chosen from the browser's languages. */
const es = {
  title: "Chat",
  intro: "Déjanos tus datos y escríbenos. Te respondemos aquí mismo.",
  name: "Nombre",
  email: "Correo electrónico (opcional)",
  phone: "Teléfono con código de país (opcional)",
  start: "Iniciar chat",
  placeholder: "Escribe un mensaje…",
  send: "Enviar",
  attach: "Adjuntar archivo",
  close: "Cerrar",
  older: "Mensajes anteriores",
  empty: "Escribe tu primer mensaje.",
  offline: "Reconectando…",
  failed: "No enviado. Toca para reintentar.",
  unavailable: "Este chat no está disponible.",
  tooMany: "Demasiados mensajes. Espera un momento.",
  tooLarge: "El archivo es demasiado grande.",
  badType: "Este tipo de archivo no se acepta.",
  invalid: "Revisa los datos.",
  error: "Ocurrió un error.",
  file: "Archivo",
  edited: "editado",
  deleted: "Mensaje eliminado",
  reactions: "Reacciones",
};
export type Strings = typeof es;

const pt: Strings = {
  title: "Chat",
  intro: "Deixe seus dados e escreva para nós. Respondemos aqui mesmo.",
  name: "Nome",
  email: "E-mail (opcional)",
  phone: "Telefone com código do país (opcional)",
  start: "Iniciar conversa",
  placeholder: "Digite uma mensagem…",
  send: "Enviar",
  attach: "Anexar arquivo",
  close: "Fechar",
  older: "Mensagens anteriores",
  empty: "Escreva sua primeira mensagem.",
  offline: "Reconectando…",
  failed: "Não enviada. Toque para tentar de novo.",
  unavailable: "Este chat não está disponível.",
  tooMany: "Muitas mensagens. Aguarde um momento.",
  tooLarge: "O arquivo é grande demais.",
  badType: "Este tipo de arquivo não é aceito.",
  invalid: "Verifique os dados.",
  error: "Ocorreu um erro.",
  file: "Arquivo",
  edited: "editada",
  deleted: "Mensagem apagada",
  reactions: "Reações",
};

const en: Strings = {
  title: "Chat",
  intro: "Tell us who you are and write to us. We answer right here.",
  name: "Name",
  email: "Email (optional)",
  phone: "Phone with country code (optional)",
  start: "Start chat",
  placeholder: "Write a message…",
  send: "Send",
  attach: "Attach a file",
  close: "Close",
  older: "Earlier messages",
  empty: "Write your first message.",
  offline: "Reconnecting…",
  failed: "Not sent. Tap to retry.",
  unavailable: "This chat is not available.",
  tooMany: "Too many messages. Please wait a moment.",
  tooLarge: "The file is too large.",
  badType: "This type of file is not accepted.",
  invalid: "Please check the fields.",
  error: "An error occurred!",
  file: "File",
  edited: "edited",
  deleted: "Message deleted",
  reactions: "Reactions",
};

const LOCALES: Record<string, Strings> = { es, pt, en };

/** The first of the browser's languages we have, else Spanish. */
export function pickLocale(languages: readonly string[]): { lang: string; t: Strings } {
  for (const l of languages) {
    const base = l.toLowerCase().split("-")[0] ?? "";
    const t = LOCALES[base];
    if (t) return { lang: base, t };
  }
  return { lang: "es", t: es };
}
