/// <reference lib="webworker" />
/** The socket hub: the one market-data connection of the origin's tabs (workers/hub). */
import { socketUrl } from '../common/protocol.ts';
// The hub alone, not hub/index.ts: the tab's side there brings the feed and its libraries into this small bundle.
import { SocketHub } from './hub/hub.ts';

const scope = self as unknown as SharedWorkerGlobalScope;
const hub = new SocketHub(socketUrl(scope.location.origin), WebSocket);

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  if (port) hub.connect(port);
};
