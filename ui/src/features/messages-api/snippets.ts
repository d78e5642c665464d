import { SEND_PATH } from "./send";

/** The request examples of the help page (code, so not translated). */
export function textExample(origin: string) {
  return `curl -X POST ${origin}${SEND_PATH} \\
  -H "Authorization: Bearer <token>" \\
  -H "Content-Type: application/json" \\
  -d '{
    "number": "5511999999999",
    "body": "Hello!",
    "userId": "",
    "queueId": "",
    "sendSignature": false,
    "closeTicket": false
  }'`;
}

export function mediaExample(origin: string) {
  return `curl -X POST ${origin}${SEND_PATH} \\
  -H "Authorization: Bearer <token>" \\
  -F "number=5511999999999" \\
  -F "body=Caption (optional)" \\
  -F "medias=@/path/to/file.jpg"`;
}
