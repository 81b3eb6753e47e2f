// The one market-data socket of every tab, and each tab worker's virtual sockets on it (issue 22 item 5).
export { SocketHub } from './hub.ts';
export {
  HUB_ALIVE_MS,
  type HubMessage,
  type HubPort,
  packChannelFrame,
  packFrames,
  type TabMessage,
  unpackFrames,
} from './messages.ts';
export { HUB_DEAD_MS, type PortSockets, portSockets } from './port-socket.ts';
