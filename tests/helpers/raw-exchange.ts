// Bytes written as they are on one TCP connection, and everything the server sent back before it closed the
// connection: for requests an HTTP client will not send (a request target `*`, a method HTTP does not know, a
// malformed header).
import net from "node:net";

export function exchangeRaw(host: string, port: number, bytes: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host, () => socket.write(bytes, "latin1"));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
}
