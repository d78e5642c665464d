/** Name and phone numbers of a vCard (the contact cards WhatsApp and the API send). */
export function parseVCard(text: string): { name: string; numbers: string[] } {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r?\n/);
  let name = "";
  const numbers: string[] = [];
  for (const line of lines) {
    const i = line.indexOf(":");
    if (i < 0) continue;
    const key = line.slice(0, i).toUpperCase();
    const value = line.slice(i + 1).trim();
    if (key === "FN" || (key === "N" && !name)) name = key === "N" ? value.split(";").filter(Boolean).reverse().join(" ") : value;
    else if (key.startsWith("TEL") || key.includes(".TEL")) numbers.push(value);
  }
  return { name, numbers };
}

/** Latitude and longitude of a location message: its data, else the first two numbers of its body. */
export function parseLocation(data: Record<string, unknown> | null | undefined, body: string): { lat: number; lng: number } | null {
  const lat = Number(data?.latitude ?? data?.degreesLatitude);
  const lng = Number(data?.longitude ?? data?.degreesLongitude);
  if (Number.isFinite(lat) && Number.isFinite(lng) && (data?.latitude ?? data?.degreesLatitude) !== undefined) return { lat, lng };
  const m = /(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)/.exec(body);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : null;
}
