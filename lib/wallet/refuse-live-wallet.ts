// Until wallet keys and delivery history are stored (the callbacks work), live wallet calls are refused
// before any payment is asked for: serving the sandbox wallet to a paying caller would be fake data.
import { ServiceError } from "@/lib/errors";

export function refuseLiveWallet(sandbox: boolean): null {
  if (!sandbox) {
    throw new ServiceError(
      "internal_error",
      "Wallet signing keys and delivery history are not available on this deployment yet. Nothing was charged; try them with ?test=1.",
    );
  }
  return null;
}
