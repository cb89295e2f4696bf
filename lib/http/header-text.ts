// HTTP header values arrive as bytes; Node (and so Next) hands them over one character per byte
// (latin-1). A client that sends UTF-8 text, such as X-Service-Tag "über", would be echoed as "Ã¼ber" and
// measured in bytes. Text headers are read back as UTF-8 when their bytes are valid UTF-8.
const utf8 = new TextDecoder("utf-8", { fatal: true });

export function headerText(value: string): string {
  // Only values with bytes above 0x7F can differ; a character above 0xFF means the runtime already decoded
  // the value (Fetch API objects built in-process), so it is left as it is.
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, "latin1"));
  } catch {
    return value; // not UTF-8: keep the characters as they came
  }
}

/** Length in characters (Unicode code points), as a person counts them: "üñï" is 3. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
