// HTTP and HTTPS on one port. A TLS connection starts with a handshake record (first byte 0x16);
// a plain HTTP one with a method name. The first bytes of each connection are read, put back, and
// the connection handed to node's HTTP connection handler as it is (plain) or inside a TLS socket
// (HTTPS), so one node:http server, with its timeouts, limits and graceful stop, answers both.
// With `plain: 'refuse'` (the mock's --tls, as the API document says: plain HTTP is rejected) a
// plain connection gets one answer saying to use HTTPS, and is closed.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import type { TlsMaterial } from './tls.ts';

const TLS_HANDSHAKE = 0x16;

export interface SniffOptions {
  /** What a plain HTTP connection gets: served, or refused through `refusePlain`. */
  plain: 'serve' | 'refuse';
  /** Writes the refusal of a plain connection (an HTTP answer) and ends it. */
  refusePlain(socket: Socket): void;
  /** A connection that sends nothing within this time is closed (node's header deadline starts with the first byte). */
  firstByteMs: number;
}

export interface Sniffer {
  /** Sets (or replaces) the certificate HTTPS connections are answered with. */
  setMaterial(material: TlsMaterial): void;
  /** Whether a certificate is set (HTTPS is answered only then). */
  readonly secure: boolean;
}

/**
 * The socket with the bytes already read put back in front, as a stream a TLS socket can wrap (a
 * net socket handed over directly would be read from its handle, past the bytes read here).
 */
function replayed(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk, encoding, done) {
      socket.write(chunk, encoding, done);
    },
    final(done) {
      socket.end(done);
    },
    destroy(error, done) {
      socket.destroy(error ?? undefined);
      done(error);
    },
  });
  stream.push(first);
  socket.on('data', (chunk: Buffer) => {
    if (!stream.push(chunk)) socket.pause();
  });
  socket.on('end', () => stream.push(null));
  socket.on('error', (error) => stream.destroy(error));
  socket.on('close', () => stream.destroy());
  return stream;
}

/** Makes `server` answer HTTPS on its port beside (or instead of) plain HTTP. */
export function sniffProtocols(server: Server, options: SniffOptions): Sniffer {
  const listeners = server.listeners('connection') as Array<(socket: Duplex) => void>;
  const [httpConnection] = listeners;
  if (!httpConnection || listeners.length !== 1) throw new Error('the server has no single HTTP connection handler to hand connections to');
  server.removeListener('connection', httpConnection);
  let context: SecureContext | undefined;

  server.on('connection', (socket: Socket) => {
    socket.setTimeout(options.firstByteMs, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      if (first[0] === TLS_HANDSHAKE) {
        if (!context) return void socket.destroy();
        const secured = new TLSSocket(replayed(socket, first), { isServer: true, secureContext: context, ALPNProtocols: ['http/1.1'] });
        secured.on('error', () => secured.destroy());
        // The HTTP handler reads the connection's address from the socket it is given.
        Object.defineProperty(secured, 'remoteAddress', { value: socket.remoteAddress });
        secured.once('secure', () => httpConnection.call(server, secured));
        return;
      }
      socket.unshift(first);
      if (options.plain === 'refuse') return options.refusePlain(socket);
      httpConnection.call(server, socket);
      socket.resume();
    });
  });

  return {
    setMaterial(material) {
      context = createSecureContext({ key: material.key, cert: material.cert, minVersion: 'TLSv1.2' });
    },
    get secure() {
      return context !== undefined;
    },
  };
}
