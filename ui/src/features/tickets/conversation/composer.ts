import { proxy, ref } from "valtio";
import type { Message } from "../types";

const SIGN_KEY = "signOption";

/** The message input's client state: the quoted or edited message, private-note mode and the remembered signature choice. */
export const composer = proxy({
  replyTo: null as Message | null,
  editing: null as Message | null,
  privateMode: false,
  /** The signature choice is stored in local storage. */
  signature: localStorage.getItem(SIGN_KEY) !== "false",
});

export function replyTo(m: Message | null) {
  composer.editing = null;
  composer.replyTo = m ? ref(m) : null;
}

export function startEditing(m: Message | null) {
  composer.replyTo = null;
  composer.editing = m ? ref(m) : null;
}

export function setSignature(on: boolean) {
  composer.signature = on;
  localStorage.setItem(SIGN_KEY, String(on));
}

/** A new conversation starts with an empty composer. */
export function resetComposer() {
  composer.replyTo = null;
  composer.editing = null;
  composer.privateMode = false;
}
