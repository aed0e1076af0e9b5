// Local TCP ports for the test runner (scripts/test.mjs) and the tests it runs: plain JavaScript so
// the runner, which Node starts without a TypeScript loader, shares them with the tests.
import net from "node:net";

/** A port nothing listens on at this moment (another process may still take it before you bind). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** True when something accepts connections on 127.0.0.1:`port`. */
export function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
